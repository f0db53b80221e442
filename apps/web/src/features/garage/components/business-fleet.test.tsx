import type { PublicUser } from '@store/shared/account';
import type { FleetVehicle } from '@store/shared/trade-accounts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentVehicle, resetGarageForTests } from '@/stores/garage-store';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { type ApiTable } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { makeTradeAccount, TRADE_OWNER } from '@/test/trade-fixtures';
import { BusinessFleet } from './business-fleet';

/** Issue 39 §5: the business's fleet on My Garage. */

const vehicle: FleetVehicle['vehicle'] = {
  id: 41,
  make: 'Toyota',
  model: 'HiLux',
  series: 'GUN126R',
  submodel: 'SR5',
  year_from: 2015,
  month_from: 7,
  year_to: null,
  month_to: null,
  body: 'Ute',
  engine_code: '1GD-FTV',
  engine_litres: 2.8,
  fuel: 'Diesel',
  power_kw: 130,
  drive: '4WD',
  label: 'Toyota HiLux GUN126R SR5 2.8 TD 4WD Ute, 07/2015-',
};

function fleetVehicle(
  id: number,
  name: string,
  savedBy: PublicUser | { id: number; name: string },
): FleetVehicle {
  return {
    id,
    vehicle_id: vehicle.id,
    year: 2016 + id,
    name,
    vehicle,
    label: `${2016 + id} Toyota HiLux GUN126R SR5`,
    created_at: '2026-12-01T00:00:00.000Z',
    saved_by: savedBy.name,
    saved_by_user_id: savedBy.id,
  };
}

function renderFleet(api: ApiTable) {
  startSession({ user: TRADE_OWNER, token: 'member-token', subscription: false });
  return renderRoute('/my-garage', { routes: [{ path: '/my-garage', Component: BusinessFleet }], api });
}

beforeEach(() => {
  resetSessionStoreForTests();
  resetGarageForTests();
});
afterEach(() => {
  localStorage.clear();
  resetSessionStoreForTests();
});

describe('the business fleet (issue 39 §5)', () => {
  it("lists the colleagues' vehicles with who saved them, and shops for one in a click", async () => {
    const colleague = { id: TRADE_OWNER.id + 1, name: 'Bo Buyer' };
    const { user } = renderFleet({
      'GET /api/trade/account': { data: makeTradeAccount({ business_name: 'Guildford Auto' }) },
      'GET /api/trade/fleet': {
        data: [fleetVehicle(1, 'My own ute', TRADE_OWNER), fleetVehicle(2, 'Work ute 2', colleague)],
      },
    });
    const list = await screen.findByRole('list', { name: "Guildford Auto's fleet" });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toContain('Work ute 2');
    expect(items[0]?.textContent).toContain('Saved by Bo Buyer');
    await user.click(within(items[0]!).getByRole('button', { name: /Shop for this vehicle/ }));
    expect(currentVehicle()).toMatchObject({ vehicle_id: vehicle.id, year: 2018, name: 'Work ute 2' });
  });

  it('shows nothing to a member without a business', async () => {
    renderFleet({ 'GET /api/trade/account': { data: null } });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: /fleet/ })).toBeNull();
  });
});
