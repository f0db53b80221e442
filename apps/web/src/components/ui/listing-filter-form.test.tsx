import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListingFilterForm } from './listing-filter-form';
import { PRICE_MESSAGES } from './listing-query';

function renderForm(query = {}) {
  const onApply = vi.fn();
  const onClear = vi.fn();
  const view = render(<ListingFilterForm query={query} onApply={onApply} onClear={onClear} />);
  return { onApply, onClear, view };
}

describe('price range and in stock only', () => {
  it('labels both boxes, shows empty ones as no limit ("Any", not an amount) and applies what is typed', async () => {
    const user = userEvent.setup();
    const { onApply } = renderForm();
    const min = screen.getByRole('textbox', { name: 'Min price' });
    const max = screen.getByRole('textbox', { name: 'Max price' });
    expect((min as HTMLInputElement).value).toBe('');
    expect(min.getAttribute('placeholder')).toBe('Any');
    expect(max.getAttribute('placeholder')).toBe('Any');
    expect(min.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByRole('group', { name: 'Price' })).toBeTruthy();
    // Nothing is set: no Clear.
    expect(screen.queryByRole('button', { name: /^Clear/ })).toBeNull();

    await user.type(min, '$129.9');
    await user.type(max, '1,000');
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ min_price: '129.90', max_price: '1000', in_stock: '1' });
  });

  it('leaves an empty box out: no limit on that side', async () => {
    const user = userEvent.setup();
    const { onApply } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Max price' }), '500');
    await user.keyboard('{Enter}');
    expect(onApply).toHaveBeenCalledWith({ min_price: undefined, max_price: '500', in_stock: undefined });
  });

  it('says what is wrong beside the box, marks it invalid and focuses it, without applying', async () => {
    const user = userEvent.setup();
    const { onApply } = renderForm();
    const min = screen.getByRole('textbox', { name: 'Min price' });
    const max = screen.getByRole('textbox', { name: 'Max price' });

    await user.type(min, '500');
    await user.type(max, '130');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(min);
    // The message is the box's description, read out with it.
    const [messageId] = (min.getAttribute('aria-describedby') ?? '').split(' ');
    expect(document.getElementById(messageId ?? '')?.textContent).toBe(
      `Min price: ${PRICE_MESSAGES.minAboveMax}`,
    );

    await user.clear(min);
    await user.clear(max);
    await user.type(max, 'cheap');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(min.getAttribute('aria-invalid')).toBeNull();
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(max);
    expect(screen.getByText(`Max price: ${PRICE_MESSAGES.notAnAmount}`)).toBeTruthy();
  });

  it('starts from the address, offers Clear while a filter is set, and follows a new address', async () => {
    const user = userEvent.setup();
    const { onClear, view } = renderForm({ min_price: '130', max_price: '500', in_stock: '1', sort: 'name' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Min price' }).value).toBe('130');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Max price' }).value).toBe('500');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'In stock only' }).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Clear price and stock filters' }));
    expect(onClear).toHaveBeenCalledOnce();

    // Back, or a removed filter: the boxes show what the list is filtered by now.
    view.rerender(<ListingFilterForm query={{ max_price: '80' }} onApply={vi.fn()} onClear={vi.fn()} />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Min price' }).value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Max price' }).value).toBe('80');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'In stock only' }).checked).toBe(false);
  });

  it("is a GET form of the page it is on that keeps the page's other parameters, for shoppers without scripts", () => {
    render(
      <ListingFilterForm
        query={{ sort: 'name' }}
        keep={{ category: 'lighting', sort: 'name', brand: undefined }}
        onApply={vi.fn()}
        onClear={vi.fn()}
      />,
    );
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Price and stock' });
    expect(form.method).toBe('get');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      category: 'lighting',
      sort: 'name',
      min_price: '',
      max_price: '',
    });
  });
});
