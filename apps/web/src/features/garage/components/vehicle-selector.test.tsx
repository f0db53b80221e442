import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GARAGE_STORAGE_KEY,
  resetGarageForTests,
  useCurrentVehicle,
  type ChosenVehicle,
} from '@/stores/garage-store';
import { AppProviders } from '@/app/providers';
import { fakeApi, json, type ApiTable } from '@/test/fake-api';
import { makeAppQueryClient, renderPage } from '@/test/render-route';
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
    // Never disabled: before a vehicle is chosen it is the form's 'Next' (without scripts, the next list's page).
    const submit = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    await waitFor(() => expect(screen.getByRole('option', { name: 'Toyota' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Make'), { target: { value: 'Toyota' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'HiLux' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'HiLux' } });
    await waitFor(() => expect(screen.getByRole('option', { name: '2017' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2017' } });
    await waitFor(() => expect(screen.getAllByRole('option', { name: /GUN126R/ })).toHaveLength(2));
    fireEvent.click(submit);
    // 'Next' with no variant chosen goes to the list still to choose from, and chooses nothing.
    expect(document.activeElement).toBe(screen.getByLabelText('Variant'));
    expect(chosen).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Variant'), { target: { value: '8' } });
    expect(submit.textContent).toBe('Shop for this vehicle');
    fireEvent.click(submit);

    expect(screen.getByTestId('current').textContent).toBe(
      '2017 Toyota HiLux GUN126R SR5 2.8 TD 4WD Cab Chassis|2017 Toyota HiLux GUN126R 4WD Cab Chassis',
    );
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
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shop for this vehicle' })).toBeTruthy());
    expect((screen.getByLabelText('Variant') as HTMLSelectElement).value).toBe('9');
  });

  it('is a GET form whose fields are the address parameters the server renders the next list from', () => {
    renderSelector();
    const form = screen.getByRole('form', { name: 'Shop by vehicle' }) as HTMLFormElement;
    expect(form.method).toBe('get');
    expect(new URL(form.action).pathname).toBe('/');
    expect(
      ['Make', 'Model', 'Year', 'Variant'].map((l) => (screen.getByLabelText(l) as HTMLSelectElement).name),
    ).toEqual(['make', 'model', 'year', 'vehicle']);
  });

  it('starts from the choices given (Change, or a step without scripts), all four chosen, dropping what the lists lack', async () => {
    renderPage(<VehicleSelector initial={{ make: 'Toyota', model: 'HiLux', year: 2017, vehicle_id: 8 }} />, {
      api: VEHICLE_API,
    });
    const variant = screen.getByLabelText('Variant') as HTMLSelectElement;
    await waitFor(() => expect(variant.value).toBe('8'));
    expect((screen.getByLabelText('Make') as HTMLSelectElement).value).toBe('Toyota');
    expect((screen.getByLabelText('Model') as HTMLSelectElement).value).toBe('HiLux');
    expect((screen.getByLabelText('Year') as HTMLSelectElement).value).toBe('2017');
    expect(screen.getByRole('button', { name: 'Shop for this vehicle' })).toBeTruthy();
    // Switching the body is one list changed.
    fireEvent.change(variant, { target: { value: '7' } });
    expect(variant.value).toBe('7');
  });

  it('drops a model the make does not have (a make changed on a page rendered for another)', async () => {
    renderPage(<VehicleSelector initial={{ make: 'Ford', model: 'HiLux', year: 2017, vehicle_id: null }} />, {
      api: VEHICLE_API,
    });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Ranger' })).toBeTruthy());
    expect((screen.getByLabelText('Model') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Year') as HTMLSelectElement).disabled).toBe(true);
  });

  it('keeps a make chosen in the server-rendered page before hydration, and asks for its models', async () => {
    const api = fakeApi(VEHICLE_API);
    const queryClient = makeAppQueryClient();
    queryClient.setQueryData(['vehicles', 'makes'], ['Ford', 'Toyota']);
    const page = () => (
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <VehicleSelector /> }])} />
      </AppProviders>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.appendChild(container);
    const make = container.querySelector('select[name="make"]') as HTMLSelectElement;
    // The shopper's choice, made while the scripts were still on their way.
    make.value = 'Toyota';
    const root = await act(async () => hydrateRoot(container, page()));
    const model = container.querySelector('select[name="model"]') as HTMLSelectElement;
    await waitFor(() => expect(model.disabled).toBe(false));
    expect(make.value).toBe('Toyota');
    expect(api.requestsTo('/api/vehicles/models').map((r) => r.url.searchParams.get('make'))).toEqual([
      'Toyota',
    ]);
    act(() => root.unmount());
    container.remove();
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
