import { CUSTOMER_SERVICE_MESSAGES } from '@store/shared/customer-service';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fakeApi, json } from '@/test/fake-api';
import { orderReturn } from './order-return';

const fields = {
  f_name: '',
  l_name: '',
  email: 'jo@example.com',
  phone: '',
  order_id: '',
  subject: '',
  message: '',
};

describe('orderReturn', () => {
  it("reads a 400's field errors", async () => {
    fakeApi({
      'POST /api/order-return': () =>
        json({ message: 'Invalid email format', errors: [{ field: 'email', message: 'Bad' }] }, 400),
    });
    const error = await orderReturn({ fields, file: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid email format',
      fieldErrors: [{ field: 'email', message: 'Bad' }],
    });
  });

  it("names a 413 without a JSON body (a proxy's page) as the SPEC's file size message", async () => {
    fakeApi({
      'POST /api/order-return': () =>
        new Response('<html>413 Request Entity Too Large</html>', { status: 413 }),
    });
    await expect(orderReturn({ fields, file: null })).rejects.toMatchObject({
      status: 413,
      message: CUSTOMER_SERVICE_MESSAGES.fileTooLarge,
    });
  });

  it('passes on the TypeError of a request that got no answer', async () => {
    fakeApi({ 'POST /api/order-return': () => Response.error() });
    await expect(orderReturn({ fields, file: null })).rejects.toBeInstanceOf(TypeError);
  });
});
