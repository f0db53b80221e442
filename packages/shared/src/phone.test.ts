import { describe, expect, it } from 'vitest';
import { checkoutFormSchema } from './checkout-form';
import { contactRequestSchema } from './customer-service';
import { signupRequestSchema } from './account';
import { formatPhone, normalisePhone } from './phone';

describe('normalisePhone: one stored form for the ways Australians print a number (decision 0059)', () => {
  it.each([
    ['0412345678', '0412345678'],
    ['0412 345 678', '0412345678'],
    ['  0412-345-678 ', '0412345678'],
    ['(02) 5550 0123', '0255500123'],
    ['02.5550.0123', '0255500123'],
    ['+61 412 345 678', '0412345678'],
    ['+61412345678', '0412345678'],
    ['+61 (0)412 345 678', '0412345678'],
    ['+61 2 5550 0123', '0255500123'],
    ['0061 412 345 678', '0412345678'],
    ['61412345678', '0412345678'],
    ['1300 123 456', '1300123456'],
    ['1800-123-456', '1800123456'],
    ['13 12 34', '131234'],
  ])('%s is stored as %s', (typed, stored) => {
    expect(normalisePhone(typed)).toBe(stored);
  });

  it.each([
    ['', 'empty'],
    ['0412 345 67', 'a digit short'],
    ['0412 345 6789', 'a digit too many'],
    ['+1 415 555 0100', 'not Australian'],
    ['0912345678', 'no such area code'],
    ['04l2345678', 'a letter'],
    ['0412+345678', 'a + inside'],
    ['5550 0123', 'a landline without its area code'],
  ])('%s is refused (%s)', (typed) => {
    expect(normalisePhone(typed)).toBeNull();
  });
});

describe('formatPhone: stored phones read as they are printed', () => {
  it('mobiles, landlines, 1300 and 13 numbers', () => {
    expect(formatPhone('0412345678')).toBe('0412 345 678');
    expect(formatPhone('0255500123')).toBe('(02) 5550 0123');
    expect(formatPhone('1300123456')).toBe('1300 123 456');
    expect(formatPhone('131234')).toBe('13 12 34');
  });
  it('a phone stored before the rule is shown normalised when it can be read, else as stored', () => {
    expect(formatPhone('+61412345678')).toBe('0412 345 678');
    expect(formatPhone('+14155550100')).toBe('+14155550100');
  });
});

describe('every form takes the same phone (issue 37: spaces refused at sign-up, accepted at checkout)', () => {
  const signup = {
    name: 'Jane Citizen',
    email: 'jane@example.com',
    password: 'Secret!23',
    phone: '0412 345 678',
  };
  it('sign-up accepts spaces and +61 and stores the digits', () => {
    expect(signupRequestSchema.parse(signup).phone).toBe('0412345678');
    expect(signupRequestSchema.parse({ ...signup, phone: '+61 412 345 678' }).phone).toBe('0412345678');
  });
  it("sign-up keeps the SPEC's message for letters, and names the rule for a wrong length", () => {
    const letters = signupRequestSchema.safeParse({ ...signup, phone: '04 twelve' });
    expect(letters.error?.issues[0]?.message).toBe('Phone number must contain only numbers');
    const short = signupRequestSchema.safeParse({ ...signup, phone: '0412 345' });
    expect(short.error?.issues[0]?.message).toBe(
      'Enter an Australian phone number, e.g. 0412 345 678 or (02) 5550 0123',
    );
  });
  it('checkout and the contact form store the same digits', () => {
    const checkout = checkoutFormSchema.parse({
      f_name: 'Jane',
      l_name: 'Citizen',
      email: 'jane@example.com',
      phone: '(04) 1234 5678',
      street_address: '1 Church St',
      city: 'Parramatta',
      state: 'NSW',
      post_code: '2150',
      ship_to_different_address: true,
      s_f_name: 'Sam',
      s_l_name: 'Citizen',
      s_email: 'sam@example.com',
      s_phone: '+61 2 5550 0123',
      s_street_address: '2 Church St',
      s_city: 'Parramatta',
      s_state: 'NSW',
      s_post_code: '2150',
    });
    expect(checkout.phone).toBe('0412345678');
    expect(checkout.s_phone).toBe('0255500123');
    const contact = contactRequestSchema.parse({
      f_name: 'Jane',
      l_name: 'Citizen',
      email: 'jane@example.com',
      phone: '0412 345 678',
      subject: 'Hello',
      message: 'Hi',
    });
    expect(contact.phone).toBe('0412345678');
    expect(contactRequestSchema.parse({ ...contact, phone: '' }).phone).toBe('');
  });
});
