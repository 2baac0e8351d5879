import type { Config, ConfigData } from 'contracts/licensing';
import { blankNumbers, customIntegrationNames, fieldKind, newDefaults, parseConfigJson, relatedOf, withValue } from './configDraft';

const named = (name: string, data: ConfigData = { configs: [] }): Config => ({ id: name.length, name, isLicense: false, data, version: 1 });

describe('configDraft', () => {
  it('offers the defaults the owner does not have, never ResourceProperties', () => {
    const defaults = ['EnforceStorageLevels', 'ReceiptPost', 'ResourceProperties', 'CustomSiteBarcode'].map((name) => named(name));
    expect(newDefaults(defaults, [named('ReceiptPost')]).map((config) => config.name)).toEqual(['EnforceStorageLevels', 'CustomSiteBarcode']);
  });

  it('reads the related configs and the custom-integration ones from the owner’s', () => {
    const levels: ConfigData = { configs: [{ property: 'EnforceStorageLevels', parameters: [] }] };
    expect(relatedOf([named('EnforceStorageLevels', levels), named('Other')])).toEqual({ storageLevels: levels, receiptPost: null });
    expect(customIntegrationNames([named('CustomSiteBarcode'), named('ReceiptPost'), named('MaterialCheckInOut')])).toEqual([
      'CustomSiteBarcode',
      'MaterialCheckInOut',
    ]);
  });

  it('picks a field by inputType, else by the value', () => {
    expect(fieldKind({ name: 'a', value: 1, inputType: 'materialStatus' })).toBe('materialStatus');
    expect(fieldKind({ name: 'a', value: true })).toBe('bool');
    expect(fieldKind({ name: 'a', value: 3 })).toBe('number');
    expect(fieldKind({ name: 'a', value: ['x'] })).toBe('list');
    expect(fieldKind({ name: 'a', value: 'x', inputType: 'unknown' })).toBe('text');
  });

  it('changes one parameter and finds number parameters left blank', () => {
    const data: ConfigData = {
      configs: [
        {
          property: 'P',
          parameters: [
            { name: 'a', value: 1, inputType: 'number' },
            { name: 'b', value: 'x' },
          ],
        },
      ],
    };
    const changed = withValue(data, 0, 0, '');
    expect(changed.configs[0]!.parameters.map((parameter) => parameter.value)).toEqual(['', 'x']);
    expect(data.configs[0]!.parameters[0]!.value).toBe(1);
    expect(blankNumbers(changed)).toEqual([{ entry: 0, parameter: 0 }]);
  });

  it('reads the JSON view’s text only when it is JSON of a config', () => {
    expect(parseConfigJson('{"configs":[{"property":"P","parameters":[{"name":"a","value":1}]}]}')).toEqual({
      configs: [{ property: 'P', parameters: [{ name: 'a', value: 1 }] }],
    });
    expect(parseConfigJson('{"configs": 1}')).toBeNull();
    expect(parseConfigJson('{}')).toBeNull();
    expect(parseConfigJson('[1]')).toBeNull();
    expect(parseConfigJson('{"configs":[{"parameters":[]}]}')).toBeNull();
    expect(parseConfigJson('not json')).toBeNull();
  });
});
