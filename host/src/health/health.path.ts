/** The console health page (host-owned; super administrators). */
export const HEALTH_PATH = '/console/health';
