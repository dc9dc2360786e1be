/** Mantine's toast container in a module of its own, so main.tsx loads it with the first toast. */
export { Notifications as Toaster } from '@mantine/notifications';
