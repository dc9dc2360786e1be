import { Stack, Text } from '@mantine/core';

/** A main line and a dimmed second line, so a table's wide columns stay narrow. */
export function TwoLines({
  main,
  detail,
  mono = false,
}: {
  main: string;
  detail?: string | null;
  /** Codes and receipts: monospace, bold. */
  mono?: boolean;
}) {
  return (
    <Stack gap={0}>
      <Text fz="sm" ff={mono ? 'monospace' : undefined} fw={mono ? 600 : undefined}>
        {main}
      </Text>
      {detail && (
        <Text fz="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}
