/**
 * React Router v7 behaviours, opted into now (no console warnings; navigation keeps the old screen
 * visible while the next island chunk loads).
 */
export const ROUTER_FUTURE = {
	v7_startTransition: true,
	v7_relativeSplatPath: true,
} as const;
