import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** Reloads a screen's list; the page head's secondary action. */
export function RefreshButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="default" size="md" leftSection={<IconRefresh size={18} />} onClick={onClick}>
      {label}
    </Button>
  );
}
