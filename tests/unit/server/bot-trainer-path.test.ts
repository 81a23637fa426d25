import { describe, expect, it } from 'vitest';
import { unpackedPath } from '../../../src/server/bot/trainer';

describe('the training worker finds NLP.js in the packaged app', () => {
  it('maps a path inside app.asar to its unpacked copy', () => {
    expect(unpackedPath('/opt/Atiende/resources/app.asar/node_modules/@nlpjs/nlp/src/index.js')).toBe(
      '/opt/Atiende/resources/app.asar.unpacked/node_modules/@nlpjs/nlp/src/index.js'
    );
    expect(unpackedPath('C:\\Program Files\\Atiende\\resources\\app.asar\\node_modules\\@nlpjs\\nlp\\src\\index.js')).toBe(
      'C:\\Program Files\\Atiende\\resources\\app.asar.unpacked\\node_modules\\@nlpjs\\nlp\\src\\index.js'
    );
  });

  it('leaves paths outside an archive alone', () => {
    for (const path of ['/work/main/node_modules/@nlpjs/nlp/src/index.js', '/srv/app.asarx/node_modules/a.js', '/srv/my-app.asar.unpacked/a.js']) {
      expect(unpackedPath(path)).toBe(path);
    }
  });
});
