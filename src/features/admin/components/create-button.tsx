/** The page head's primary action: full width on phones (docs/architecture.md §8). */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

export function CreateButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      leftSection={<IconPlus size={18} />}
      mih={44}
      w={{ base: '100%', sm: 'auto' }}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
