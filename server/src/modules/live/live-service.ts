/** For the services whose transactions change ads: who the live events name as the admin behind them. */
export { actAs } from './live-repository';
