import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CloseButton } from '../../../src/components/ui/CloseButton.tsx';

describe('CloseButton', () => {
  it('is a button named by its label that calls onClick', async () => {
    const onClick = vi.fn();
    render(<CloseButton label="Close the contest banner" onClick={onClick} className="size-9" />);
    const button = screen.getByRole('button', { name: 'Close the contest banner' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('size-9');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
