import { expect } from 'chai';
import { settle, startFakeService } from '../support/service.js';

// What the registry tells the driver beyond opening pages: when creates are under way (the warm
// pool refills only between them) and when every session has ended (the pool closes).
describe('the registry and the driver\'s background work', () => {
  let service: ReturnType<typeof startFakeService>;
  let auth: { Authorization: string };
  beforeEach(() => {
    service = startFakeService();
    auth = { Authorization: `Bearer ${service.key('trial')}` };
  });
  afterEach(() => service.stop());

  describe('POST /v1/sessions', () => {
    it('marks the create under way until it has its answer, first act included, and not a refused one', async () => {
      service.driver.hold = true;
      const pending = service.http.post('/v1/sessions').set(auth).send({ url: 'http://example.test/' }).then((res) => res);
      await settle(20);
      expect(service.driver.opened).to.equal(1);
      expect(service.driver.creates, 'while its first act runs').to.equal(1);
      service.driver.hold = false;
      expect((await pending).status).to.equal(201);
      expect(service.driver.creates).to.equal(0);
      // The trial plan's one session is taken: admission refuses the next before anything is marked.
      expect((await service.http.post('/v1/sessions').set(auth).send({})).status).to.equal(429);
      expect(service.driver.creates).to.equal(0);
    });

    it('ends the mark when the page could not be opened', async () => {
      service.driver.connected = false;
      expect((await service.http.post('/v1/sessions').set(auth).send({})).status).to.equal(503);
      expect(service.driver.creates).to.equal(0);
    });
  });

  describe('Registry#shutdown()', () => {
    it('shuts the driver down after every session has closed its page', async () => {
      expect((await service.http.post('/v1/sessions').set(auth).send({})).status).to.equal(201);
      await service.registry.shutdown();
      expect(service.driver.shutdowns).to.deep.equal([0]);
    });
  });
});
