/**
 * Edit a parked item before sending it again: its text fields as the server will read
 * them (files stay as they were). Numbers stay numbers.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { offlineText as t } from '../../../i18n/offline';
import type { OutboxItem, OutboxRequest } from '../../../offline/db';

function editableFields(request: OutboxRequest): Record<string, string> {
  const source = request.json ?? request.form?.fields ?? {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
  }
  return fields;
}

function withFields(request: OutboxRequest, fields: Record<string, string>): OutboxRequest {
  if (request.json) {
    const json = { ...request.json };
    for (const [name, value] of Object.entries(fields)) {
      const number = Number(value);
      json[name] =
        typeof request.json[name] === 'number' && value.trim() !== '' && Number.isFinite(number)
          ? number
          : value;
    }
    return { ...request, json };
  }
  if (request.form)
    return { ...request, form: { ...request.form, fields: { ...request.form.fields, ...fields } } };
  return request;
}

export function EditItemDialog({
  item,
  onClose,
  onSave,
}: {
  item: OutboxItem;
  onClose: () => void;
  onSave: (request: OutboxRequest) => void;
}) {
  const [fields, setFields] = useState(() => editableFields(item.request));
  return (
    <Modal opened onClose={onClose} title={t.editTitle} size={500} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.editText}
        </Text>
        {item.lastError && (
          <Text size="sm" c="red">
            {item.lastError}
          </Text>
        )}
        {Object.entries(fields).map(([name, value]) => (
          <TextInput
            key={name}
            label={name}
            value={value}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setFields((current) => ({ ...current, [name]: next }));
            }}
            size="md"
          />
        ))}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" size="md" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button size="md" onClick={() => onSave(withFields(item.request, fields))}>
            {t.saveAndRetry}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
