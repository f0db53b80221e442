import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GARAGE_STORAGE_KEY,
  resetGarageForTests,
  useCurrentVehicle,
  type ChosenVehicle,
} from '@/stores/garage-store';
import { json, type ApiTable } from '@/test/fake-api';
import { renderPage } from '@/test/render-route';
import { FitmentBadge } from '@/components/fitment-badge';
import { VehicleSelector } from './vehicle-selector';

const hilux = (id: number, series: string, body: string) => ({
  id,
  make: 'Toyota',
  model: 'HiLux',
  series,
  submodel: 'SR5',
  year_from: 2015,
  month_from: 7,
  year_to: null,
  month_to: null,
  body,
  engine_code: '1GD-FTV',
  engine_litres: 2.8,
  fuel: 'Diesel',
  power_kw: 130,
  drive: '4WD',
  label: `Toyota HiLux ${series} SR5 2.8 TD 4WD ${body}, 07/2015-`,
});

/** The vehicle API as the selector asks it. */
const VEHICLE_API: ApiTable = {
  'GET /api/vehicles/makes': { data: ['Ford', 'Toyota'] },
  'GET /api/vehicles/models': ({ url }) =>
    json({ data: url.searchParams.get('make') === 'Toyota' ? ['Corolla', 'HiLux'] : ['Ranger'] }),
  'GET /api/vehicles/years': { data: [2018, 2017] },
  'GET /api/vehicles': ({ url }) =>
    json({
      data:
        url.searchParams.get('model') === 'HiLux'
          ? [hilux(7, 'GUN126R', 'Ute'), hilux(8, 'GUN126R', 'Cab Chassis')]
          : [{ ...hilux(9, 'PX2', 'Ute'), make: 'Ford', model: 'Ranger', label: 'Ford Ranger PX2 XLT' }],
    }),
};

function Current() {
  const vehicle = useCurrentVehicle();
  return <p data-testid="current">{vehicle ? `${vehicle.label}|${vehicle.short_label}` : 'none'}</p>;
}

/** The selector over VEHICLE_API; answers every path and query asked, in order. */
function renderSelector(onChosen?: (v: ChosenVehicle) => void) {
  const { api } = renderPage(
    <>
      <VehicleSelector onChosen={onChosen} />
      <Current />
    </>,
    { api: VEHICLE_API },
  );
  return () => api.requests.map((r) => `${r.url.pathname}${r.url.search}`);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetGarageForTests();
});

describe('VehicleSelector', () => {
  it('asks for each list only once the choice before it is made, narrowed by it', async () => {
    const asked = renderSelector();
    const make = screen.getByLabelText('Make');
    const model = screen.getByLabelText('Model') as HTMLSelectElement;
    expect(model.disabled).toBe(true);
    await waitFor(() => expect(within(make).getByRole('option', { name: 'Toyota' })).toBeTruthy());
    expect(asked()).toEqual(['/api/vehicles/makes']);

    fireEvent.change(make, { target: { value: 'Toyota' } });
    await waitFor(() => expect(model.disabled).toBe(false));
    expect(
      within(model)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select model', 'Corolla', 'HiLux']);
    fireEvent.change(model, { target: { value: 'HiLux' } });
    const year = screen.getByLabelText('Year') as HTMLSelectElement;
    await waitFor(() => expect(year.disabled).toBe(false));
    fireEvent.change(year, { target: { value: '2017' } });
    const variant = screen.getByLabelText('Variant') as HTMLSelectElement;
    await waitFor(() => expect(variant.disabled).toBe(false));
    expect(
      within(variant)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select variant',
      'GUN126R SR5 2.8 TD 4WD Ute, 07/2015-',
      'GUN126R SR5 2.8 TD 4WD Cab Chassis, 07/2015-',
    ]);
    expect(asked()).toEqual([
      '/api/vehicles/makes',
      '/api/vehicles/models?make=Toyota',
      '/api/vehicles/years?make=Toyota&model=HiLux',
      '/api/vehicles?make=Toyota&model=HiLux&year=2017',
    ]);

    // A new make starts the later lists again.
    fireEvent.change(make, { target: { value: 'Ford' } });
    expect((screen.getByLabelText('Year') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText('Variant') as HTMLSelectElement).disabled).toBe(true);
  });

  it('chooses the vehicle: the chip text names the model year, and a guest keeps it in this browser', async () => {
    const chosen = vi.fn();
    renderSelector(chosen);
    const submit = screen.getByRole('button', { name: 'Shop for this vehicle' }) as HTMLButtonElement;
    await waitFor(() => expect(screen.getByRole('option', { name: 'Toyota' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Make'), { target: { value: 'Toyota' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'HiLux' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'HiLux' } });
    await waitFor(() => expect(screen.getByRole('option', { name: '2017' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2017' } });
    await waitFor(() => expect(screen.getAllByRole('option', { name: /GUN126R/ })).toHaveLength(2));
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Variant'), { target: { value: '8' } });
    fireEvent.click(submit);

    expect(screen.getByTestId('current').textContent).toBe('2017 Toyota HiLux SR5 2.8 TD|2017 Toyota HiLux');
    expect(chosen).toHaveBeenCalledWith(expect.objectContaining({ vehicle_id: 8, year: 2017 }));
    const stored = JSON.parse(localStorage.getItem(GARAGE_STORAGE_KEY) ?? '{}');
    expect(stored.current.vehicle_id).toBe(8);
    expect(stored.saved.map((v: ChosenVehicle) => [v.vehicle_id, v.year])).toEqual([[8, 2017]]);
  });

  it('a model year with one variant needs no fourth choice', async () => {
    renderSelector();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Ford' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Make'), { target: { value: 'Ford' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Ranger' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'Ranger' } });
    await waitFor(() => expect(screen.getByRole('option', { name: '2017' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2017' } });
    const submit = screen.getByRole('button', { name: 'Shop for this vehicle' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect((screen.getByLabelText('Variant') as HTMLSelectElement).value).toBe('9');
  });
});

describe('FitmentBadge', () => {
  it('says each status in words, shows the notes on a tap, and nothing for unknown', () => {
    const { container, rerender } = render(<FitmentBadge fitment={{ status: 'fits', notes: null }} />);
    expect(container.textContent).toBe('Fits your vehicle');
    rerender(<FitmentBadge fitment={{ status: 'does_not_fit', notes: null }} />);
    expect(container.textContent).toBe('Does not fit your vehicle');
    rerender(<FitmentBadge fitment={{ status: 'universal', notes: null }} />);
    expect(container.textContent).toBe('Universal fit');
    rerender(<FitmentBadge fitment={{ status: 'unknown', notes: null }} />);
    expect(container.textContent).toBe('');
    rerender(<FitmentBadge fitment={{ status: 'fits_with_notes', notes: 'Front, with ABS' }} />);
    const toggle = screen.getByRole('button', { name: 'Check fitment notes' });
    expect(toggle.getAttribute('title')).toBe('Front, with ABS');
    const notes = screen.getByText('Front, with ABS');
    expect(notes.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(notes.hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});
