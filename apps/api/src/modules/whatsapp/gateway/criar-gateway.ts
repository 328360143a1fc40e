/**
 * The gateway of the server's configuration (WHATSAPP_GATEWAY, config.whatsapp): one instance
 * per API process, decorated as `app.whatsapp` (app.ts; tests may pass their own).
 * `evolution` needs EVOLUTION_URL and EVOLUTION_API_KEY (loadConfig refuses to start without them;
 * this throws the same Portuguese message when a caller builds the config by hand).
 */
import type { Config } from '../../../config.ts';
import { GatewayCloud } from './gateway-cloud.ts';
import { GatewayEvolution } from './gateway-evolution.ts';
import { GatewayFake } from './gateway-fake.ts';
import type { WhatsappGateway } from './whatsapp-gateway.ts';

export const criarGatewayWhatsapp = (config: Config['whatsapp']): WhatsappGateway => {
  switch (config.gateway) {
    case 'fake':
      return new GatewayFake();
    case 'evolution':
      if (!config.evolutionUrl || !config.evolutionApiKey)
        throw new Error('WHATSAPP_GATEWAY=evolution exige EVOLUTION_URL e EVOLUTION_API_KEY');
      return new GatewayEvolution({ url: config.evolutionUrl, apiKey: config.evolutionApiKey, timeoutMs: config.timeoutMs });
    case 'cloud':
      return new GatewayCloud({ url: config.cloudUrl, appSecret: config.cloudAppSecret, timeoutMs: config.timeoutMs });
  }
};
