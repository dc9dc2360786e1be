/** Mantine's toast container in a module of its own, so app.tsx loads it with the first toast (and again if that load failed). */
export { Notifications as Toaster } from '@mantine/notifications';
