// The index layout's settings, and that the configuration's defaults lay an index out exactly as the
// mapping file did before the layout was configurable.
import assert from 'node:assert/strict';
import { CONFIG_DEFAULTS } from '../../../src/config';
import { layoutSettings, readMapping } from '../../../src/adapters/elasticsearch/index-admin';

describe('index layout settings', () => {
  it('when the configuration is left at its defaults, then the settings are the mapping file ones', () => {
    const { settings } = readMapping();
    const layout = layoutSettings({
      shards: CONFIG_DEFAULTS.ELASTICSEARCH_SHARDS,
      replicas: CONFIG_DEFAULTS.ELASTICSEARCH_REPLICAS,
    });
    assert.deepEqual(layout, {
      number_of_shards: settings.number_of_shards,
      auto_expand_replicas: settings.auto_expand_replicas,
    });
  });

  it('when replicas are a count, then auto-expansion is off, or the mapping file range would win', () => {
    assert.deepEqual(layoutSettings({ shards: 3, replicas: '1' }), {
      number_of_shards: 3,
      number_of_replicas: 1,
      auto_expand_replicas: false,
    });
  });
});
