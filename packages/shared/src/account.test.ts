import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from './account-constants';
import {
  addressRequestSchema,
  loginRequestSchema,
  signupRequestSchema,
  updatePasswordRequestSchema,
} from './account';

const signup = { name: 'Sam Lee', email: ' Sam@Example.com ', password: 'Str0ng!pass', phone: '0412345678' };

describe('account schemas (SPEC §5 messages)', () => {
  it('normalises the email and accepts a valid sign-up', () => {
    expect(signupRequestSchema.parse(signup)).toMatchObject({ email: 'sam@example.com', _b_name: '' });
  });

  it('names an overlong password instead of calling it missing', () => {
    const login = loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(129) });
    expect(login.error?.issues[0]?.message).toBe('Password must be 128 characters or fewer');
    const missing = loginRequestSchema.safeParse({ email: 'a@b.co' });
    expect(missing.error?.issues[0]?.message).toBe('Password is required');
  });

  it('refuses mismatched reset passwords with the SPEC message', () => {
    const r = updatePasswordRequestSchema.safeParse({
      email: 'a@b.co',
      otp: '123456',
      password: 'Str0ng!pass',
      password_confirmation: 'Str0ng!pas',
    });
    expect(r.error?.issues.map((i) => i.message)).toContain(ACCOUNT_MESSAGES.passwordsDoNotMatch);
  });

  it('keeps the checkout address rules for saved addresses and shortens the state', () => {
    const address = {
      f_name: 'Sam',
      l_name: 'Lee',
      email: 'sam@example.com',
      phone: '0412345678',
      street_address: '12 Railway Tce',
      city: 'Guildford',
      state: 'new south wales',
      post_code: '2161',
      address_type: 'Home',
    };
    // One locality field (decision 0059): an empty suburb is the city.
    expect(addressRequestSchema.parse(address)).toMatchObject({
      state: 'NSW',
      suburb: 'Guildford',
      company: '',
    });
    expect(addressRequestSchema.safeParse({ ...address, post_code: '3000' }).error?.issues[0]?.message).toBe(
      'Post code 3000 is not in NSW',
    );
  });
});
