import { describe, expect, it } from 'vitest';
import { tableAccessOf } from './config/table-access';
import { checkTableAccess, withTableAccess } from './table-access';

describe('the route table grant, as IAM applies it', () => {
  const get = { id: 'things-list', method: 'GET' } as const;
  it('lets a GET read and refuses its writes, naming the route and the way out', () => {
    withTableAccess(get, () => {
      expect(() => checkTableAccess('QueryCommand')).not.toThrow();
      expect(() => checkTableAccess('GetItemCommand')).not.toThrow();
      for (const write of ['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']) {
        expect(() => checkTableAccess(write), write).toThrow(/route things-list may only read the table, not send .*grants\.table/);
      }
    });
  });

  it('lets a write route write, a route without access touch nothing, and checks nothing outside a route (jobs: IAM alone)', () => {
    withTableAccess({ id: 'things-create', method: 'POST' }, () => expect(() => checkTableAccess('PutItemCommand')).not.toThrow());
    withTableAccess({ id: 'csp', method: 'POST', grants: { table: 'none' } }, () => expect(() => checkTableAccess('GetItemCommand')).toThrow(/may not touch/));
    expect(() => checkTableAccess('PutItemCommand')).not.toThrow();
  });

  it('gives a GET that takes API tokens read-write (the token counts its calls), and a declared grant wins', () => {
    expect(tableAccessOf({ method: 'GET' })).toBe('read');
    expect(tableAccessOf({ method: 'GET', apiToken: true })).toBe('read-write');
    expect(tableAccessOf({ method: 'GET', grants: { table: 'read-write' } })).toBe('read-write');
    expect(tableAccessOf({ method: 'POST' })).toBe('read-write');
    expect(tableAccessOf({ method: 'POST', grants: { table: 'read' } })).toBe('read');
  });
});
