/**
 * The shell's menus and tooltips, loaded after the agent's first screen is drawn (a phone
 * on slow 4G: the README's "Performance"). Until then each target is the same button without its
 * overlay: it looks and reads the same (its name is its aria-label), and a tap on a menu's button
 * before the code is in opens the menu as soon as it is. Loading starts just after the first
 * screen is painted, or at once when a target is hovered, focused or tapped; one download serves
 * every overlay. Not when the browser is idle: a phone busy after the open (the agent's sync)
 * had no idle moment before the first tap on the user menu, which then waited for the menus'
 * file (`bench:phone` at 8×, median of 5: the menu 592 → 335 ms).
 */
import type { MenuProps, TooltipProps } from '@mantine/core';
import {
  cloneElement,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from 'react';
import { retryableImport } from '../../lib/retryable-import';
import { afterNextPaint } from '../../lib/when-idle';
import type * as OverlaysModule from './overlays';

type Overlays = typeof OverlaysModule;

let loaded: Overlays | null = null;
let loading: Promise<Overlays> | null = null;
const importOverlays = retryableImport(() => import('./overlays'));

/** Loads the overlays once (again after a failure, e.g. offline before the worker cached them). */
export function loadOverlays(): Promise<Overlays> {
  loading ??= importOverlays().then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The overlays once loaded (null before), a ref for the target they wrap, `load` to ask for
 * them now, and `press` for the target's pointerdown. Wrapping the target mounts it again;
 * if it had the focus, it gets it back. The wrap waits while the target is pressed: a new
 * button between a press and its release would never get the click.
 */
function useOverlays() {
  const [overlays, setOverlays] = useState<Overlays | null>(loaded);
  const target = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  const pressed = useRef(false);
  const swapAfterPress = useRef<(() => void) | null>(null);
  const load = useCallback(() => {
    loadOverlays().then(
      (module) => {
        const swap = () => {
          refocus.current = target.current !== null && document.activeElement === target.current;
          setOverlays(module);
        };
        if (pressed.current) swapAfterPress.current = swap;
        else swap();
      },
      () => undefined,
    );
  }, []);
  const press = useCallback(() => {
    pressed.current = true;
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      // After the click the release makes has been handled.
      window.setTimeout(() => {
        pressed.current = false;
        const swap = swapAfterPress.current;
        swapAfterPress.current = null;
        swap?.();
      }, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  }, []);
  useEffect(() => (overlays ? undefined : afterNextPaint(load)), [overlays, load]);
  useLayoutEffect(() => {
    if (!overlays || !refocus.current) return;
    refocus.current = false;
    // Only when the focus fell with the old target, not when an opening menu has taken it.
    if (document.activeElement === null || document.activeElement === document.body) {
      target.current?.focus();
    }
  }, [overlays]);
  return { overlays, target, load, press };
}

type TargetProps = {
  ref?: Ref<HTMLElement>;
  onClick?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
  onPointerEnter?: (event: SyntheticEvent) => void;
  onPointerDown?: (event: SyntheticEvent) => void;
};

/** The target before its overlay has loaded: asks for it when hovered or focused. */
function waiting(
  element: ReactElement<TargetProps>,
  { target, load, press }: Pick<ReturnType<typeof useOverlays>, 'target' | 'load' | 'press'>,
  extra: TargetProps = {},
) {
  const { onFocus, onPointerEnter, onPointerDown } = element.props;
  return cloneElement(element, {
    ref: target,
    onFocus: (event: SyntheticEvent) => {
      onFocus?.(event);
      load();
    },
    onPointerEnter: (event: SyntheticEvent) => {
      onPointerEnter?.(event);
      load();
    },
    onPointerDown: (event: SyntheticEvent) => {
      onPointerDown?.(event);
      press();
    },
    ...extra,
  });
}

/**
 * Whether nothing on the device can hover (a phone's touch screen): a tooltip shows on hover
 * only, so there it would never show. Read once: a device does not gain a mouse mid-visit
 * often enough to load tooltips for.
 */
const nothingHovers =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  !window.matchMedia('(any-hover: hover)').matches;

type DeferredTooltipProps = Omit<TooltipProps, 'children'> & {
  children: ReactElement<TargetProps>;
};

/**
 * Mantine's Tooltip around `children`, once loaded; `children` alone before, and always on a
 * device where nothing hovers. There, on a phone 4× slower than this machine, swapping the
 * shell's tooltips in and placing them (Floating UI) took about 60 ms of the first tap on
 * the user menu.
 */
export function DeferredTooltip(props: DeferredTooltipProps) {
  return nothingHovers ? props.children : <TooltipWhenLoaded {...props} />;
}

function TooltipWhenLoaded({ children, ...props }: DeferredTooltipProps) {
  const deferred = useOverlays();
  const { overlays, target } = deferred;
  if (!overlays) return waiting(children, deferred);
  return <overlays.Tooltip {...props}>{cloneElement(children, { ref: target })}</overlays.Tooltip>;
}

/**
 * Mantine's Menu with `target` as its button and `children` as its dropdown, once loaded;
 * before, the button alone, which opens the menu once it has loaded when it is clicked.
 */
export function DeferredMenu({
  target: button,
  children,
  ...props
}: Omit<MenuProps, 'children'> & {
  target: ReactElement<TargetProps>;
  children: (overlays: Overlays) => ReactNode;
}) {
  const deferred = useOverlays();
  const { overlays, target, load } = deferred;
  // Held here, not by the Menu: a click the button took while the Menu was replacing it
  // (its code arriving as the finger came down) opens the Menu whenever that lands, where
  // a `defaultOpened` read only at the Menu's mount lost it, and the menu stayed shut.
  const [opened, setOpened] = useState(false);
  if (!overlays) {
    return waiting(button, deferred, {
      onClick: () => {
        setOpened(true);
        load();
      },
    });
  }
  const { Menu } = overlays;
  return (
    <Menu opened={opened} onChange={setOpened} {...props}>
      <Menu.Target>{cloneElement(button, { ref: target })}</Menu.Target>
      <Menu.Dropdown>{children(overlays)}</Menu.Dropdown>
    </Menu>
  );
}
