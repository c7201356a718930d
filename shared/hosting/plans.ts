/**
 * Hosting plans (spec 2.6, PRODUCT.md section 9). The trial is free for 7 days; the paid plans
 * keep the trial's memory or more, add CPU, and do not expire while paid. Prices are USD cents
 * from configuration.
 */
export const PLAN_NAMES = ['trial', 'micro', 'small', 'medium'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export type PaidPlanName = Exclude<PlanName, 'trial'>;
export const PAID_PLANS: readonly PaidPlanName[] = ['micro', 'small', 'medium'];

export interface Resources {
  memory_mb: number;
  cpu: number;
}

export interface Plan {
  name: PlanName;
  resources: Resources;
  /** USD cents per period; 0 for the trial. */
  price_cents: bigint;
  /** `7d` for the trial, `month` for paid plans. */
  period: '7d' | 'month';
}

export const TRIAL_DAYS = 7;

const RESOURCES: Record<PlanName, Resources> = {
  trial: { memory_mb: 512, cpu: 0.1 },
  micro: { memory_mb: 512, cpu: 0.25 },
  small: { memory_mb: 768, cpu: 0.5 },
  medium: { memory_mb: 1536, cpu: 1 },
};

/** The plans with their prices (cents per month), as GET /api/plans lists them. */
export function hostingPlans(prices: Record<PaidPlanName, bigint>): Plan[] {
  return PLAN_NAMES.map((name) => ({
    name,
    resources: RESOURCES[name],
    price_cents: name === 'trial' ? 0n : prices[name],
    period: name === 'trial' ? '7d' : 'month',
  }));
}

export function resourcesOf(plan: PlanName): Resources {
  return RESOURCES[plan];
}

export function isPaidPlan(value: string): value is PaidPlanName {
  return (PAID_PLANS as readonly string[]).includes(value);
}
