/** Order feed check worker (issue 12): placeholder until the job lands. */
export const handler = async (): Promise<{ status: 'not-implemented' }> => ({ status: 'not-implemented' });
