import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewPasswordFields } from '../../../src/components/ui/NewPasswordFields.tsx';
import { renderWithI18n } from '../render.tsx';

describe('NewPasswordFields', () => {
  it('shows each error under its own field and reports which field changed', async () => {
    const onChange = vi.fn();
    renderWithI18n(
      <NewPasswordFields
        labels={{ password: 'New password', passwordConfirm: 'Repeat it' }}
        values={{ password: '', passwordConfirm: '' }}
        errors={{ passwordConfirm: 'The passwords do not match.' }}
        onChange={onChange}
      />,
    );
    const password = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/^Repeat it/);
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(confirm).toHaveAccessibleDescription('The passwords do not match.');
    await userEvent.type(confirm, 'x');
    expect(onChange).toHaveBeenCalledWith('passwordConfirm', 'x');
  });

  it('hints how guessable the new password is, loading the rule only once one is typed', async () => {
    function Form() {
      const [password, setPassword] = useState('');
      return (
        <NewPasswordFields
          labels={{ password: 'New password', passwordConfirm: 'Repeat it' }}
          values={{ password, passwordConfirm: '' }}
          errors={{}}
          email="someone@example.com"
          onChange={(field, value) => field === 'password' && setPassword(value)}
        />
      );
    }
    renderWithI18n(<Form />);
    expect(screen.queryByText(/Password strength/)).toBeNull();
    const field = screen.getByLabelText(/^New password/);
    await userEvent.type(field, 'qwerty123');
    expect(await screen.findByText(/Password strength: very weak\. It is easy to guess/)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'violet7Harbor');
    expect(await screen.findByText('Password strength: strong.')).toBeInTheDocument();
  });

  function RulesForm({ email = '' }: { email?: string }) {
    const [password, setPassword] = useState('');
    return (
      <NewPasswordFields
        labels={{ password: 'New password', passwordConfirm: 'Repeat it' }}
        values={{ password, passwordConfirm: '' }}
        errors={{}}
        email={email}
        onChange={(field, value) => field === 'password' && setPassword(value)}
      />
    );
  }

  it('lists the server\'s rules before anything is typed and ticks each as it is met', async () => {
    renderWithI18n(<RulesForm />);
    const rules = screen.getByRole('list', { name: 'Password rules' });
    expect(rules).toHaveTextContent('8 to 128 characters: not met yet');
    expect(rules).toHaveTextContent('at least one letter: not met yet');
    expect(rules).toHaveTextContent('at least one digit: not met yet');
    await userEvent.type(screen.getByLabelText(/^New password/), 'abc1');
    expect(rules).toHaveTextContent('8 to 128 characters: not met yet');
    expect(rules).toHaveTextContent('at least one letter: met');
    expect(rules).toHaveTextContent('at least one digit: met');
  });

  it('lists the rules in Russian', async () => {
    renderWithI18n(<RulesForm />, { locale: 'ru' });
    const rules = screen.getByRole('list', { name: 'Требования к паролю' });
    expect(rules).toHaveTextContent('от 8 до 128 символов: ещё не выполнено');
    await userEvent.type(screen.getByLabelText(/^New password/), 'a');
    expect(rules).toHaveTextContent('хотя бы одна буква: выполнено');
    expect(rules).toHaveTextContent('хотя бы одна цифра: ещё не выполнено');
  });

  it('never calls a password strong while it breaks a rule the server refuses by', async () => {
    renderWithI18n(<RulesForm />);
    await userEvent.type(screen.getByLabelText(/^New password/), 'Kj#vQ!zPw@rTx&mLs');
    expect(await screen.findByText('Password strength: weak. Meet every rule in the list above.')).toBeInTheDocument();
  });
});
