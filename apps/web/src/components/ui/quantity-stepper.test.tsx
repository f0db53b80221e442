import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QuantityStepper } from './quantity-stepper';

function Harness({ start = 1 }: { start?: number }) {
  const [value, setValue] = useState(start);
  return <QuantityStepper value={value} onChange={setValue} min={1} max={100} />;
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantity' });
const plus = () => screen.getByRole('button', { name: 'Increase quantity' });
const minus = () => screen.getByRole('button', { name: 'Decrease quantity' });

describe('QuantityStepper (SPEC §5: 1 to 100, read-only field)', () => {
  it('is a labelled read-only field that typing cannot change', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(field().readOnly).toBe(true);
    await user.type(field(), '57');
    expect(field().value).toBe('1');
  });

  it('minus stops at 1', async () => {
    const user = userEvent.setup();
    render(<Harness start={2} />);
    await user.click(minus());
    expect(field().value).toBe('1');
    expect(minus().getAttribute('aria-disabled')).toBe('true');
    await user.click(minus());
    expect(field().value).toBe('1');
  });

  it('plus counts up and stops at 100', async () => {
    const user = userEvent.setup();
    render(<Harness start={98} />);
    await user.click(plus());
    await user.click(plus());
    expect(field().value).toBe('100');
    expect(plus().getAttribute('aria-disabled')).toBe('true');
    await user.click(plus());
    expect(field().value).toBe('100');
    await user.click(minus());
    expect(field().value).toBe('99');
    expect(plus().getAttribute('aria-disabled')).toBe('false');
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(plus());
    await user.keyboard('{Enter}{Enter} ');
    expect(field().value).toBe('4');
  });
});
