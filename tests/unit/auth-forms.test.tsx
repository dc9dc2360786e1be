// @vitest-environment happy-dom
/** The lender registration form, with its field rules, as a user meets it. */
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LoginForm } from '../../src/features/auth/components/login-form';
import { LenderRegisterPage } from '../../src/features/auth/pages/lender-register-page';
import { authText } from '../../src/i18n/auth';
import { SessionProvider } from '../../src/lib/session';

function renderRegisterPage() {
  render(
    <MantineProvider>
      <SessionProvider>
        <MemoryRouter initialEntries={['/register/lender']}>
          <LenderRegisterPage />
        </MemoryRouter>
      </SessionProvider>
    </MantineProvider>,
  );
  return {
    email: screen.getByLabelText(/^Email/),
    password: screen.getByLabelText(/^Password/),
    confirm: screen.getByLabelText(/^Confirm Password/),
    submit: screen.getByRole('button', { name: authText.register }),
  };
}

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

async function submitForm(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
  });
}

describe('lender registration form', () => {
  it('shows the password checklist only once something is typed', () => {
    const { password } = renderRegisterPage();
    expect(screen.queryByText(authText.passwordChecks.length)).not.toBeInTheDocument();

    type(password, 'a');

    const checklist = screen.getByRole('list', { name: authText.passwordChecklistLabel });
    for (const text of Object.values(authText.passwordChecks)) {
      expect(within(checklist).getByText(text)).toBeInTheDocument();
    }
  });

  it('rates the password Weak, then Moderate, then Strong', () => {
    const { password } = renderRegisterPage();
    const strength = () => screen.getByTestId('password-strength');

    type(password, 'abc');
    expect(strength()).toHaveTextContent('Weak');

    type(password, 'abcdef1'); // length, lowercase, digit: 60%
    expect(strength()).toHaveTextContent('Moderate');

    type(password, 'Abcdef1!'); // all five checks
    expect(strength()).toHaveTextContent('Strong');
  });

  it('refuses differing passwords on submit', async () => {
    const { email, password, confirm, submit } = renderRegisterPage();
    type(email, 'wanjiku@example.co.ke');
    type(password, 'Secret1!');
    type(confirm, 'Secret2!');

    await submitForm(submit);

    expect(await screen.findByText('Your passwords do not match')).toBeInTheDocument();
  });

  it('an empty form says what is required, not which pattern or length is missed', async () => {
    const { submit } = renderRegisterPage();

    await submitForm(submit);

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    expect(
      screen.queryByText('Password must be at least 6 characters long'),
    ).not.toBeInTheDocument();
  });

  it('says nothing of the confirmation while the password itself is too short', async () => {
    const { email, password, confirm, submit } = renderRegisterPage();
    type(email, 'wanjiku@example.co.ke');
    type(password, 'Ab1');
    type(confirm, 'Ab1!x');

    await submitForm(submit);

    expect(
      await screen.findByText('Password must be at least 6 characters long'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your passwords do not match')).not.toBeInTheDocument();
  });

  it('refuses a password shorter than six characters', async () => {
    const { email, password, confirm, submit } = renderRegisterPage();
    type(email, 'wanjiku@example.co.ke');
    type(password, 'Ab1!');
    type(confirm, 'Ab1!');

    await submitForm(submit);

    expect(
      await screen.findByText('Password must be at least 6 characters long'),
    ).toBeInTheDocument();
  });
});

describe('sign-in form', () => {
  it('an empty form says both fields are required', async () => {
    render(
      <MantineProvider>
        <SessionProvider>
          <MemoryRouter initialEntries={['/login/lender']}>
            <LoginForm role="lender" />
          </MemoryRouter>
        </SessionProvider>
      </MantineProvider>,
    );

    await submitForm(screen.getByRole('button', { name: authText.signIn }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
  });
});
