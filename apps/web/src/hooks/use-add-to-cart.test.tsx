import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { clearCart, getCartLines } from '@/stores/cart-store';
import { makeProduct } from '@/test/fixtures';
import { ADD_TO_CART_TOAST_MS, useAddToCart } from './use-add-to-cart';

const product = makeProduct({ id: 7, title: 'Voltcore NS70 Battery' });

function AddButtons() {
  const add = useAddToCart();
  return (
    <>
      <button type="button" onClick={() => add(product)}>
        Add one
      </button>
      <button type="button" onClick={() => add(product, 3)}>
        Add three
      </button>
    </>
  );
}

afterEach(() => {
  clearCart();
});

describe('useAddToCart', () => {
  it("adds the product and shows '{title} added to cart!' for 3 seconds", async () => {
    const user = userEvent.setup();
    render(
      <>
        <AddButtons />
        <ToastContainer />
      </>,
    );

    await user.click(screen.getByRole('button', { name: 'Add one' }));
    expect(getCartLines()).toMatchObject([{ id: 7, quantity: 1 }]);
    expect(await screen.findByText('Voltcore NS70 Battery added to cart!')).toBeTruthy();
    // The toast's countdown bar runs for its autoClose time.
    const bar = document.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(bar?.style.animationDuration).toBe(`${ADD_TO_CART_TOAST_MS}ms`);
  });

  it('adds the given quantity to the same line', async () => {
    const user = userEvent.setup();
    render(<AddButtons />);

    await user.click(screen.getByRole('button', { name: 'Add one' }));
    await user.click(screen.getByRole('button', { name: 'Add three' }));
    expect(getCartLines()).toMatchObject([{ id: 7, quantity: 4 }]);
  });
});
