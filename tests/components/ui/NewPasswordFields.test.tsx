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
});
