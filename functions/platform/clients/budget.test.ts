import { describe, expect, it } from 'vitest';
import { functionDefaults } from '../config/resources';
import { budgetOptions, clientBudgets, worstCaseMs } from './budget';

describe('the SDK clients\' time budgets', () => {
  it('give up inside the routes\' function timeout, so the caller reads 503 before Lambda stops the function', () => {
    for (const [name, budget] of Object.entries(clientBudgets)) {
      expect(worstCaseMs(budget), name).toBeLessThan(functionDefaults.timeoutSeconds * 1000);
      expect(budget.attempts, `${name} retries a transient failure once`).toBeGreaterThanOrEqual(2);
    }
  });

  it('make a hung request an error (the SDK only warns by default)', () => {
    expect(budgetOptions(clientBudgets.dynamodb)).toEqual({
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000, throwOnRequestTimeout: true },
    });
  });
});
