import { DELIVERY_MESSAGES } from '@store/shared/delivery-rules';
import type { DeliveryQuoteResponse } from '@store/shared/delivery-quote';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  chosenDeliveryCharge,
  DeliveryOptionsSection,
  firstAvailableChoice,
  type DeliveryChoice,
} from './delivery-options-section';

/** A battery to a street address, as the server answers it (issue 41). */
const QUOTE: DeliveryQuoteResponse = {
  address_kind: 'street',
  options: [
    {
      option: 'standard',
      name: 'Standard delivery',
      available: true,
      reason: null,
      charge: '16.50',
      estimate: 'Delivered in 5-8 business days',
      source: 'rule',
    },
    {
      option: 'express',
      name: 'Express delivery',
      available: false,
      reason: DELIVERY_MESSAGES.expressDangerous('Car Battery N70ZZ', '8'),
      charge: null,
      estimate: null,
      source: null,
    },
    {
      option: 'click_and_collect',
      name: 'Click & collect',
      available: true,
      reason: null,
      charge: '0.00',
      estimate: 'Ready at Guildford warehouse in 1 hour (during opening hours)',
      source: 'collect',
    },
  ],
  locations: [
    {
      id: 1,
      name: 'Guildford warehouse',
      address: '3 Example Rd, Guildford NSW 2161',
      hours: '8 AM to 6 PM AEST, Mon-Sun',
      available: true,
      estimate: 'Ready at Guildford warehouse in 1 hour (during opening hours)',
      reason: null,
    },
    {
      id: 2,
      name: 'Parramatta store',
      address: '9 Church St, Parramatta NSW 2150',
      hours: '8 AM to 5 PM AEST, Mon-Fri',
      available: false,
      estimate: null,
      reason: DELIVERY_MESSAGES.collectNotInStock('Parramatta store'),
    },
  ],
};

/** The section as checkout uses it, with the charge the summary would total. */
function Section() {
  const [choice, setChoice] = useState<DeliveryChoice>({ option: 'standard', collectLocationId: null });
  const charge = chosenDeliveryCharge(QUOTE, choice);
  return (
    <>
      <DeliveryOptionsSection quote={QUOTE} failed={false} choice={choice} onChoose={setChoice} />
      <p>Delivery charge: {'chargeCents' in charge ? charge.chargeCents : 'none'}</p>
    </>
  );
}

describe('DeliveryOptionsSection (issue 41)', () => {
  it('shows each option with its charge and estimate, and a refused one disabled with the reason under it', () => {
    render(<Section />);
    const standard = screen.getByRole<HTMLInputElement>('radio', {
      name: /Standard delivery\s*\$16\.50\s*Delivered in 5-8 business days/,
    });
    expect(standard.checked).toBe(true);
    const express = screen.getByRole<HTMLInputElement>('radio', {
      name: /Express delivery/,
      description: DELIVERY_MESSAGES.expressDangerous('Car Battery N70ZZ', '8'),
    });
    expect(express.disabled).toBe(true);
    expect(screen.getByText('Delivery charge: 1650')).toBeTruthy();
  });

  it('lists the stores for click & collect, how soon, or why not; choosing it makes delivery free', async () => {
    const user = userEvent.setup();
    render(<Section />);
    await user.click(screen.getByRole('radio', { name: /Click & collect/ }));
    const guildford = screen.getByRole<HTMLInputElement>('radio', {
      name: /Guildford warehouse\s*3 Example Rd, Guildford NSW 2161.*Ready at Guildford warehouse in 1 hour/,
    });
    expect(guildford.checked).toBe(true);
    const parramatta = screen.getByRole<HTMLInputElement>('radio', { name: /Parramatta store/ });
    expect(parramatta.disabled).toBe(true);
    expect(screen.getByText(DELIVERY_MESSAGES.collectNotInStock('Parramatta store'))).toBeTruthy();
    expect(screen.getByText('Delivery charge: 0')).toBeTruthy();
    expect(screen.getByText('Free')).toBeTruthy();
  });
});

describe('firstAvailableChoice', () => {
  it('keeps an offered choice, and moves a refused one to the first option the cart may take', () => {
    expect(firstAvailableChoice(QUOTE, { option: 'standard', collectLocationId: null })).toBeNull();
    expect(firstAvailableChoice(QUOTE, { option: 'express', collectLocationId: null })).toEqual({
      option: 'standard',
      collectLocationId: null,
    });
    const toPoBox: DeliveryQuoteResponse = {
      ...QUOTE,
      options: QUOTE.options.map((o) =>
        o.option === 'standard'
          ? {
              ...o,
              available: false,
              charge: null,
              reason: DELIVERY_MESSAGES.dangerousToPoBox('Battery', '8'),
            }
          : o,
      ),
    };
    expect(firstAvailableChoice(toPoBox, { option: 'standard', collectLocationId: null })).toEqual({
      option: 'click_and_collect',
      collectLocationId: 1,
    });
    // A store that cannot have the order ready gives way to one that can.
    expect(firstAvailableChoice(QUOTE, { option: 'click_and_collect', collectLocationId: 2 })).toEqual({
      option: 'click_and_collect',
      collectLocationId: 1,
    });
    expect(firstAvailableChoice(undefined, { option: 'express', collectLocationId: null })).toBeNull();
    // Before the post code is typed nothing is refused for good: the choice stays.
    const noPostCode: DeliveryQuoteResponse = {
      ...QUOTE,
      options: QUOTE.options.map((o) =>
        o.option === 'click_and_collect'
          ? o
          : { ...o, available: false, charge: null, reason: DELIVERY_MESSAGES.postCodeRequired },
      ),
    };
    expect(firstAvailableChoice(noPostCode, { option: 'standard', collectLocationId: null })).toBeNull();
  });
});
