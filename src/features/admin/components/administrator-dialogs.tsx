/**
 * The super admin's dialogs on administrators: adding one (name and email; it is mailed a link
 * to set its password), and the confirmation, naming the person, before deactivating,
 * reactivating or resetting a second factor.
 */
import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as v from 'valibot';
import { AppModal } from '../../../components/app-modal';
import { DialogButtons } from '../../../components/dialog-buttons';
import { FailureAlert } from '../../../components/failure-alert';
import {
  newAdministratorSchema,
  type Administrator,
  type NewAdministrator,
} from '../../../domain/administrators';
import { administratorsText as t } from '../../../i18n/administrators';
import { failureMessage, notifyFailure } from '../../../lib/failure';
import { schemaResolver } from '../../../lib/form-resolver';
import { notifySuccess } from '../../../lib/notify';
import { useAddAdministrator } from '../api/add-administrator';
import { useChangeAdministrator, type AdministratorAct } from '../api/change-administrator';

export function AddAdministratorDialog({ onClose }: { onClose: () => void }) {
  const form = useForm<NewAdministrator>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '' },
    validate: schemaResolver(newAdministratorSchema),
  });
  const add = useAddAdministrator({
    onSuccess: (answer) => {
      notifySuccess(t.successTitle, answer.message);
      onClose();
    },
    onError: (failure) => notifyFailure(t.addFailed, failure),
  });

  return (
    <AppModal size={500} title={t.addTitle} busy={add.isPending} onClose={onClose}>
      <form
        onSubmit={form.onSubmit((values) => add.mutate(v.parse(newAdministratorSchema, values)))}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t.addText}
          </Text>
          <FailureAlert
            title={t.addFailed}
            message={add.error ? failureMessage(add.error) : null}
          />
          <TextInput
            label={t.nameLabel}
            placeholder={t.namePlaceholder}
            withAsterisk
            size="md"
            autoComplete="off"
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t.emailLabel}
            placeholder={t.emailPlaceholder}
            type="email"
            inputMode="email"
            withAsterisk
            size="md"
            autoComplete="off"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <DialogButtons
            label={t.save}
            busyLabel={t.saving}
            busy={add.isPending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </AppModal>
  );
}

/** Read when a dialog opens, so the texts are those of the language then loaded. */
const confirmationOf = (act: AdministratorAct) =>
  ({
    deactivate: {
      title: t.deactivateTitle,
      text: t.deactivateText,
      confirm: t.confirmDeactivate,
      busy: t.deactivating,
      color: 'red.9',
    },
    reactivate: {
      title: t.reactivateTitle,
      text: t.reactivateText,
      confirm: t.confirmReactivate,
      busy: t.reactivating,
      color: undefined,
    },
    'reset-factor': {
      title: t.resetTitle,
      text: t.resetText,
      confirm: t.confirmReset,
      busy: t.resetting,
      color: 'red.9',
    },
  })[act];

export function ConfirmAdministratorDialog({
  administrator,
  act,
  onClose,
}: {
  administrator: Administrator;
  act: AdministratorAct;
  onClose: () => void;
}) {
  const texts = confirmationOf(act);
  const mutation = useChangeAdministrator(administrator.id, act, {
    onSuccess: (done) => {
      notifySuccess(t.successTitle, done.message);
      onClose();
    },
    onError: (failure) => notifyFailure(t.actionFailed, failure),
  });

  return (
    <AppModal size={500} title={texts.title} busy={mutation.isPending} onClose={onClose}>
      <Stack gap="md">
        <Text>{texts.text(administrator.name || administrator.email, administrator.email)}</Text>
        <FailureAlert
          title={t.actionFailed}
          message={mutation.error ? failureMessage(mutation.error) : null}
        />
        <DialogButtons
          label={texts.confirm}
          busyLabel={texts.busy}
          busy={mutation.isPending}
          color={texts.color}
          onCancel={onClose}
          onConfirm={() => mutation.mutate()}
        />
      </Stack>
    </AppModal>
  );
}
