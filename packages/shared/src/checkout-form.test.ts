import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, checkoutFormSchema, liveFilterError } from './checkout-form';

const valid = {
  f_name: 'Sam',
  l_name: "O'Connor",
  email: 'sam@example.com.au',
  phone: '+61412345678',
  street_address: '12 Example St',
  city: 'Guildford',
  state: 'New South Wales',
  post_code: '2161',
};

function messages(input: Record<string, unknown>): Record<string, string[]> {
  const r = checkoutFormSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[String(i.path[0])] ??= []).push(i.message);
  return out;
}

describe('checkoutFormSchema (SPEC §5)', () => {
  it('accepts a complete Australian address and normalises the state', () => {
    const r = checkoutFormSchema.parse(valid);
    expect(r.state).toBe('NSW');
    expect(r.suburb).toBe('Suburbia');
    expect(r.comment).toBe('');
  });

  it('gives each empty required field the SPEC message, and only that message', () => {
    expect(messages({})).toEqual({
      f_name: [CHECKOUT_MESSAGES.firstNameRequired],
      l_name: [CHECKOUT_MESSAGES.lastNameRequired],
      email: [CHECKOUT_MESSAGES.emailRequired],
      phone: [CHECKOUT_MESSAGES.phoneRequired],
      street_address: [CHECKOUT_MESSAGES.streetRequired],
      city: [CHECKOUT_MESSAGES.cityRequired],
      state: [CHECKOUT_MESSAGES.stateRequired],
      post_code: [CHECKOUT_MESSAGES.postCodeRequired],
    });
    expect(CHECKOUT_MESSAGES.firstNameRequired).toBe('First name is required');
    expect(CHECKOUT_MESSAGES.postCodeRequired).toBe('Post code is required');
  });

  it('rejects a bad email, digits in names and letters in phone and post code', () => {
    expect(messages({ ...valid, email: 'sam@' }).email).toEqual(['Invalid email format']);
    expect(messages({ ...valid, f_name: 'Sam2' }).f_name).toEqual(['Only alphabetic characters are allowed']);
    expect(messages({ ...valid, phone: '04x1' }).phone).toEqual([
      'Only numeric characters and + are allowed',
    ]);
    expect(messages({ ...valid, post_code: '21a1' }).post_code).toEqual([
      'Only numeric characters and + are allowed',
    ]);
  });

  it('accepts real place names with apostrophes, hyphens and full stops', () => {
    expect(messages({ ...valid, city: "O'Connor", state: 'ACT', post_code: '2602' })).toEqual({});
    expect(messages({ ...valid, city: 'Kippa-Ring', state: 'QLD', post_code: '4021' })).toEqual({});
  });

  it('checks the post code lies in the state', () => {
    expect(messages({ ...valid, post_code: '3000' }).post_code).toEqual(['Post code 3000 is not in NSW']);
    expect(messages({ ...valid, state: 'Sydney' }).state).toEqual([CHECKOUT_MESSAGES.stateUnknown]);
  });

  it('validates shipping fields only when ship-to-different-address is ticked', () => {
    expect(messages({ ...valid, ship_to_different_address: false })).toEqual({});
    const m = messages({ ...valid, ship_to_different_address: true, s_f_name: 'Al' });
    expect(m.s_f_name).toBeUndefined();
    expect(m.s_l_name).toEqual(['Last name is required']);
    expect(m.s_post_code).toEqual(['Post code is required']);
    expect(
      messages({
        ...valid,
        ship_to_different_address: true,
        ...Object.fromEntries(Object.entries(valid).map(([k, v]) => [`s_${k}`, v])),
        s_state: 'VIC',
      }).s_post_code,
    ).toEqual(['Post code 2161 is not in VIC']);
  });

  it('limits the comment to 250 characters', () => {
    expect(messages({ ...valid, comment: 'x'.repeat(250) })).toEqual({});
    expect(messages({ ...valid, comment: 'x'.repeat(251) }).comment).toEqual([
      CHECKOUT_MESSAGES.commentTooLong,
    ]);
  });
});

describe('liveFilterError (SPEC §5 live typing)', () => {
  it('names accept letters and spaces, not digits', () => {
    expect(liveFilterError('alphabetic', 'Mary Ann')).toBeNull();
    expect(liveFilterError('alphabetic', 'Mary1')).toBe('Only alphabetic characters are allowed');
  });
  it('phone and post code accept digits with one leading +', () => {
    expect(liveFilterError('numeric', '+6141')).toBeNull();
    expect(liveFilterError('numeric', '61+4')).toBe('Only numeric characters and + are allowed');
    expect(liveFilterError('numeric', '04a')).toBe('Only numeric characters and + are allowed');
  });
});
