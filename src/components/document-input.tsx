/**
 * A file input for one document (ID photo, licence, certificate): shows the chosen file's
 * name and size with a thumbnail for images, and refuses files that are too large or of
 * a type outside `accept` before anything is uploaded. The native input covers the whole
 * box, so tapping, keyboard focus and dropping a file all work without script.
 */
import { ActionIcon, Box, Group, Input, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconFileUpload, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { ACCEPTED_UPLOAD_TYPES, DEFAULT_MAX_UPLOAD_BYTES } from '../domain/documents';
import { documentInputText as t } from '../i18n/document-input';
import { formatFileSize, megabytes } from '../lib/file-size';
import classes from './document-input.module.css';

export type DocumentInputProps = {
  label: ReactNode;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  /** MIME types and extensions, as the input's accept attribute. */
  accept?: string;
  maxBytes?: number;
  /** Replaces the default line naming the accepted types and the size limit. */
  description?: ReactNode;
  required?: boolean;
  name?: string;
  disabled?: boolean;
};

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

function acceptedTypes(accept: string): string[] {
  return accept
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
}

/** "JPEG, PNG, WebP or PDF" from "image/jpeg,image/png,image/webp,application/pdf". */
function typeNames(accept: string): string {
  const names = acceptedTypes(accept).map(
    (type) => TYPE_NAMES[type] ?? type.replace(/^.*\//, '').replace(/^\./, '').toUpperCase(),
  );
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(t.typeSeparator)}${t.lastTypeSeparator}${names.at(-1)}`;
}

function isAccepted(file: File, accept: string): boolean {
  const types = acceptedTypes(accept);
  if (types.length === 0) return true;
  const mime = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return types.some((type) => {
    if (type.startsWith('.')) return name.endsWith(type);
    if (type.endsWith('/*')) return mime.startsWith(type.slice(0, -1));
    return mime === type;
  });
}

/** An image's thumbnail, read from the file itself; the object URL is freed on change. */
function Thumbnail({ file, alt }: { file: File; alt: string }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (!image) return;
    const url = URL.createObjectURL(file);
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={ref} alt={alt} className={classes.thumbnail} />;
}

function FileIcon({ file }: { file: File | null }) {
  const Icon = !file
    ? IconFileUpload
    : file.type === 'application/pdf'
      ? IconFileTypePdf
      : IconPhoto;
  return (
    <ThemeIcon size={56} radius="sm" variant="light" color={file ? 'gray' : undefined} aria-hidden>
      <Icon size={28} stroke={1.5} />
    </ThemeIcon>
  );
}

export function DocumentInput({
  label,
  value,
  onChange,
  error,
  accept = ACCEPTED_UPLOAD_TYPES,
  maxBytes = DEFAULT_MAX_UPLOAD_BYTES,
  description,
  required,
  name,
  disabled,
}: DocumentInputProps) {
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const types = typeNames(accept);
  const maxMegabytes = megabytes(maxBytes);
  const shownError = refusal ?? error;
  const hint = description ?? t.hint(types, maxMegabytes);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    // Cleared so that choosing the same file again after removing it fires a change.
    input.value = '';
    if (!file) return;
    if (!isAccepted(file, accept)) {
      setRefusal(t.wrongType(file.name, types));
      return;
    }
    if (file.size > maxBytes) {
      setRefusal(t.tooLarge(file.name, formatFileSize(file.size), maxMegabytes));
      return;
    }
    setRefusal(null);
    onChange(file);
  }

  function remove() {
    setRefusal(null);
    onChange(null);
  }

  const isImage = value !== null && value.type.startsWith('image/');
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={hint}
      error={shownError}
      required={required}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <Box
        className={classes.box}
        data-error={shownError ? true : undefined}
        data-filled={value ? true : undefined}
        data-disabled={disabled || undefined}
        mt={4}
        mb={4}
      >
        <input
          id={id}
          type="file"
          name={name}
          accept={accept}
          disabled={disabled}
          required={required}
          className={classes.native}
          onChange={choose}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${shownError ? `${id}-error ` : ''}${id}-description`}
        />
        <Group gap="sm" wrap="nowrap" className={classes.face}>
          {isImage ? (
            <Thumbnail file={value} alt={t.previewOf(value.name)} />
          ) : (
            <FileIcon file={value} />
          )}
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text size="sm" fw={500} truncate={value ? 'end' : undefined}>
              {value ? value.name : t.choose}
            </Text>
            {value && (
              <Text size="xs" c="dimmed">
                {formatFileSize(value.size)}
              </Text>
            )}
          </Stack>
        </Group>
        {value && !disabled && (
          <ActionIcon
            variant="subtle"
            color="red"
            size={44}
            className={classes.remove}
            onClick={remove}
            aria-label={t.removeFile(value.name)}
            title={t.remove}
          >
            <IconTrash size={20} />
          </ActionIcon>
        )}
      </Box>
    </Input.Wrapper>
  );
}
