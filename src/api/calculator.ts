// Calculator calls (docs/product.md §7): public, read-only, parsed against the shared wire contract.
import { api } from './client.ts';
import {
  courseResponse,
  currencyList,
  directionsResponse,
  pairResponse,
  reservesResponse,
  settingsResponse,
  type CourseResponse,
  type Currency,
  type DirectionsResponse,
  type PairResponse,
  type Reserve,
  type SettingsResponse,
} from './schemas/calculator.ts';

export async function fetchDirections(): Promise<DirectionsResponse> {
  return directionsResponse.parse(await api.get('/api/v1/calculator/').json());
}

/** The settings, with the ids of the currencies named by a `?cur_from=&cur_to=` deep link. */
export async function fetchSettings(curFrom: string | null, curTo: string | null): Promise<SettingsResponse> {
  const searchParams: Record<string, string> = {};
  if (curFrom) searchParams.cur_from = curFrom;
  if (curTo) searchParams.cur_to = curTo;
  return settingsResponse.parse(await api.get('/api/v1/calculator/settings/', { searchParams }).json());
}

/** What a give currency can be exchanged into. */
export async function fetchReceiveOptions(fromId: number): Promise<Currency[]> {
  return currencyList.parse(await api.get(`/api/v1/calculator/from/${fromId}/`).json());
}

export async function fetchPair(fromId: number, toId: number): Promise<PairResponse> {
  return pairResponse.parse(await api.get(`/api/v1/calculator/pair/${fromId}/${toId}/`).json());
}

export async function fetchCourse(fromId: number, toId: number): Promise<CourseResponse> {
  return courseResponse.parse(await api.get(`/api/v1/calculator/course/${fromId}/${toId}/`).json());
}

export async function fetchReserves(): Promise<Reserve[]> {
  return reservesResponse.parse(await api.get('/api/v1/calculator/reserves/').json());
}
