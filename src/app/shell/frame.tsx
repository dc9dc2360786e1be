/**
 * The shell's frame: Mantine's AppShell as the shell uses it (header, navbar, main, footer and the
 * navbar's sections), the same elements, classes and CSS variables, so AppShell's stylesheet
 * (which frame-classes.ts imports) lays it out as before, without AppShell's code. AppShell's
 * header and footer import react-remove-scroll for one class name, which brought 4 KiB of
 * gzipped JS to the agent's first screen (the README's "Performance"); Modal and Drawer still
 * bring it when they open. The layout's
 * variables are the ones AppShell computes for the shell's props (header 60 px; navbar `width`,
 * breaking at `sm`, a drawer on phones; the agent's footer 64 px below `sm`; padding sm, lg from
 * `sm`). tests/unit/shell-frame.test.ts checks the class names and the variables against Mantine's.
 */
import { Box, getDefaultZIndex, InlineStyles, type BoxProps } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { frameClasses } from './frame-classes';

export { frameClasses } from './frame-classes';

/**
 * react-remove-scroll-bar's `zeroRightClassName`: while a dialog locks the page's scroll, a fixed
 * bar with it keeps its right edge where the scrollbar was, as AppShell's header and footer do.
 */
const keepsScrollbarGap = 'right-scroll-bar-position';

const transitionMs = 200;
const zIndex = getDefaultZIndex('app');

type FrameLayout = {
  /** The navbar's width from `sm` up ('16rem'). */
  navbarWidth: string;
  /** Below `sm` the navbar is a drawer over the page: open or not. */
  navbarOpened: boolean;
  /** The agent's bottom bar below `sm`. */
  withFooter: boolean;
};

const scaled = (rem: string) => `calc(${rem} * var(--mantine-scale))`;

/** AppShell's layout variables for the shell's props, as `:root` rules (AppShellMediaStyles). */
export function frameVariables({ navbarWidth, navbarOpened, withFooter }: FrameLayout): {
  styles: Record<string, string>;
  media: { query: string; styles: Record<string, string> }[];
} {
  const footer: Record<string, string> = withFooter
    ? { '--app-shell-footer-height': scaled('4rem'), '--app-shell-footer-offset': scaled('4rem') }
    : {};
  const drawer: Record<string, string> = {
    '--app-shell-navbar-width': '100%',
    '--app-shell-navbar-offset': '0px',
  };
  if (!navbarOpened) {
    drawer['--app-shell-navbar-transform'] = 'translateX(calc(var(--app-shell-navbar-width) * -1))';
    drawer['--app-shell-navbar-transform-rtl'] = 'translateX(var(--app-shell-navbar-width))';
  }
  return {
    styles: {
      '--app-shell-navbar-width': scaled(navbarWidth),
      '--app-shell-navbar-offset': scaled(navbarWidth),
      '--app-shell-header-height': scaled('3.75rem'),
      '--app-shell-header-offset': scaled('3.75rem'),
      ...footer,
      '--app-shell-padding': 'var(--mantine-spacing-sm)',
    },
    media: [
      {
        query: '(min-width: 48em)',
        styles: {
          ...(withFooter
            ? { '--app-shell-footer-height': '0rem', '--app-shell-footer-offset': '0rem' }
            : undefined),
          '--app-shell-padding': 'var(--mantine-spacing-lg)',
        },
      },
      { query: navbarOpened ? '(max-width: 48em)' : '(max-width: 47.99375em)', styles: drawer },
    ],
  };
}

/** True while the window is being resized (and just after mounting): transitions are off. */
function useResizing(): boolean {
  const [resizing, setResizing] = useState(true);
  const timeout = useRef(-1);
  const settle = () => {
    window.clearTimeout(timeout.current);
    timeout.current = window.setTimeout(
      () => startTransition(() => setResizing(false)),
      transitionMs,
    );
  };
  useWindowEvent('resize', () => {
    setResizing(true);
    settle();
  });
  useEffect(() => {
    settle();
    return () => window.clearTimeout(timeout.current);
  }, []);
  return resizing;
}

/** The frame's root, with its layout variables. */
export function Frame({ children, ...layout }: FrameLayout & { children: ReactNode }) {
  const resizing = useResizing();
  const { styles, media } = frameVariables(layout);
  return (
    <>
      <InlineStyles selector=":root" styles={styles} media={media} />
      <Box
        className={frameClasses.root}
        mod={{ resizing }}
        __vars={{
          '--app-shell-transition-duration': `${transitionMs}ms`,
          '--app-shell-transition-timing-function': 'ease',
        }}
      >
        {children}
      </Box>
    </>
  );
}

type PartProps = BoxProps & { children: ReactNode; 'aria-label'?: string };

export function FrameHeader({ children, ...props }: PartProps) {
  return (
    <Box
      component="header"
      className={`${frameClasses.header} ${keepsScrollbarGap}`}
      mod={{ 'with-border': true }}
      __vars={{ '--app-shell-header-z-index': `${zIndex}` }}
      {...props}
    >
      {children}
    </Box>
  );
}

export function FrameNavbar({ children, ...props }: PartProps) {
  return (
    <Box
      component="nav"
      className={frameClasses.navbar}
      mod={{ 'with-border': true }}
      __vars={{ '--app-shell-navbar-z-index': `calc(${zIndex} + 1)` }}
      {...props}
    >
      {children}
    </Box>
  );
}

/** A part of the navbar; `grow` takes the height the others leave. */
export function FrameSection({ children, grow, ...props }: PartProps & { grow?: boolean }) {
  return (
    <Box className={frameClasses.section} mod={{ grow }} {...props}>
      {children}
    </Box>
  );
}

export function FrameMain({ children, ...props }: PartProps) {
  return (
    <Box component="main" className={frameClasses.main} {...props}>
      {children}
    </Box>
  );
}

export function FrameFooter({ children, ...props }: PartProps) {
  return (
    <Box
      component="footer"
      className={`${frameClasses.footer} ${keepsScrollbarGap}`}
      mod={{ 'with-border': true }}
      __vars={{ '--app-shell-footer-z-index': `${zIndex}` }}
      {...props}
    >
      {children}
    </Box>
  );
}
