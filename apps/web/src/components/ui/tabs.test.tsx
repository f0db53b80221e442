import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

const tabs = [
  { id: 'description', label: 'Description', content: <p>Sealed and maintenance-free.</p> },
  { id: 'details', label: 'Product Details', content: <p>SKU VC-NS70-680</p> },
  { id: 'reviews', label: 'Reviews', content: <p>No reviews yet.</p> },
];

describe('Tabs', () => {
  it('selects the first tab and shows only its panel', () => {
    render(<Tabs tabs={tabs} label="Product information" />);
    expect(screen.getByRole('tablist', { name: 'Product information' })).toBeTruthy();
    const first = screen.getByRole('tab', { name: 'Description' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(first.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Product Details' }).tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Description' }).textContent).toBe(
      'Sealed and maintenance-free.',
    );
    expect(screen.queryByText('SKU VC-NS70-680')).not.toBeNull();
    expect(screen.getByText('SKU VC-NS70-680').closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(
      true,
    );
  });

  it('moves with the arrow keys (wrapping), Home and End, and activates the focused tab', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Product information" />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Description' }));

    await user.keyboard('{ArrowRight}');
    const details = screen.getByRole('tab', { name: 'Product Details' });
    expect(document.activeElement).toBe(details);
    expect(details.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Product Details' }).textContent).toBe('SKU VC-NS70-680');

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Reviews' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Description' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Reviews' }));
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Description' }).getAttribute('aria-selected')).toBe('true');

    // Tab leaves the tab list for the panel.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel', { name: 'Description' }));
  });

  it('selects a tab on click', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Product information" />);
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(screen.getByRole('tabpanel', { name: 'Reviews' }).textContent).toBe('No reviews yet.');
  });
});
