// What the API handlers need, handed in by createApp (no globals).
import type { Commerce } from '../commerce';

export interface ApiDeps {
  commerce: Commerce;
  merchantToken: string;
  log: (message: string, error?: unknown) => void;
}
