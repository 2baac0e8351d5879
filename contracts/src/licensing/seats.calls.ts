/** The seat dashboard's calls (ours), derived from their endpoints. */
import { callOf } from '../common/call';
import { seatEndpoints } from './seats.endpoints';

export const getSeatDashboard = callOf(seatEndpoints.getSeatDashboard);
export const getDormantAccounts = callOf(seatEndpoints.getDormantAccounts);
export const exportDormantAccounts = callOf(seatEndpoints.exportDormantAccounts);
export const setSeatSettings = callOf(seatEndpoints.setSeatSettings);
export const freeDormantSeats = callOf(seatEndpoints.freeDormantSeats);
export const previewFreeDormantSeats = callOf(seatEndpoints.previewFreeDormantSeats);
