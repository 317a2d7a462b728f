import { describe, expect, it } from 'vitest';
import { emptyService } from '../../../web/src/features/setup/service-draft.js';
import { matchingNames, withImported } from '../../../web/src/features/setup/imported-services.js';

/** A price list imported again into step 2 (web/src/features/setup/imported-services.ts): the owner updates the services of the same names, or adds to them. */
describe('a price list imported over the services already listed', () => {
  const saved = { ...emptyService(), id: 'svc_1', name: 'Ladies  Cut', duration: 45, price: 50, deposit: 10 };
  const other = { ...emptyService(), id: 'svc_2', name: 'Gents cut', duration: 30, price: 25 };
  const importedCut = { ...emptyService(), name: 'ladies cut', duration: 60, price: 55 };
  const importedColour = { ...emptyService(), name: 'Full head colour', duration: null, price_min: 90, price_max: 130, isRange: true };

  it('finds the names already listed, ignoring case and spacing', () => {
    expect(matchingNames([saved, other], [importedCut, importedColour])).toEqual([importedCut]);
  });

  it('updates a service of the same name in place, keeping its row, id and deposit, and adds the rest at the end; the changed rows are named for checking', () => {
    const { services, changed } = withImported([saved, other], [importedCut, importedColour], [importedCut]);
    expect(services.map((service) => service.name)).toEqual(['ladies cut', 'Gents cut', 'Full head colour']);
    expect(services[0]).toMatchObject({ uid: saved.uid, id: 'svc_1', deposit: 10, duration: 60, price: 55 });
    expect(services[1]).toBe(other);
    expect(changed).toEqual([0, 2]);
  });

  it('adds every imported service when the owner chooses to add', () => {
    const { services, changed } = withImported([saved, other], [importedCut, importedColour], []);
    expect(services).toHaveLength(4);
    expect(services[0]).toBe(saved);
    expect(changed).toEqual([2, 3]);
  });
});
