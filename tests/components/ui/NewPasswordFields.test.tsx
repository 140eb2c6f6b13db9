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
});
