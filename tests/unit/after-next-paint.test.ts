/** afterNextPaint (src/lib/when-idle.ts): runs after the next frame, once, unless cancelled. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../src/lib/when-idle';

describe('afterNextPaint', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The frames asked for, run by hand: the next frame is drawn when the test says so. */
  function frames() {
    const callbacks: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callbacks.push(callback);
      return callbacks.length;
    });
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
      callbacks[id - 1] = () => undefined;
    });
    return { draw: () => callbacks.splice(0).forEach((callback) => callback(0)) };
  }

  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('runs in a task after the next frame, not before it and not in it', async () => {
    const { draw } = frames();
    const run = vi.fn();
    afterNextPaint(run);
    await tick();
    expect(run).not.toHaveBeenCalled();
    draw();
    expect(run).not.toHaveBeenCalled();
    await tick();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before the frame or after it', async () => {
    const { draw } = frames();
    const early = vi.fn();
    afterNextPaint(early)();
    draw();
    await tick();
    expect(early).not.toHaveBeenCalled();

    const late = vi.fn();
    const cancel = afterNextPaint(late);
    draw();
    cancel();
    await tick();
    expect(late).not.toHaveBeenCalled();
  });
});
