/**
 * AppShell's classes (AppShell.classes) and its static class names, which the frame
 * (frame.tsx) and the shell's placeholder (shell-skeleton.tsx) give their parts. A module
 * of its own: the placeholder is in the first chunk, the frame's code is not. So are
 * AppShell's rules, which the placeholder paints with before any script has run (each other
 * Mantine component's come with its code: build/mantine-component-styles.ts).
 */
import '@mantine/core/styles/AppShell.css';

export const frameClasses = {
  root: 'm_89ab340 mantine-AppShell-root',
  navbar: 'm_45252eee mantine-AppShell-navbar',
  header: 'm_3b16f56b mantine-AppShell-header',
  main: 'm_8983817 mantine-AppShell-main',
  footer: 'm_3840c879 mantine-AppShell-footer',
  section: 'm_6dcfc7c7 mantine-AppShell-section',
} as const;
