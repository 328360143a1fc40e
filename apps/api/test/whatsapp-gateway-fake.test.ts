/**
 * The in-process fake gateway (gateway-fake.ts, the demo's and tests' default): pairing and QR
 * renewal on its clock, the development action that "reads" the QR, sends while disconnected,
 * failure injection, the lookup after a crash, and its callback format.
 */
import { describe, expect, it } from 'vitest';
import { GatewayFake, VALIDADE_QRCODE_FAKE_MS } from '../src/modules/whatsapp/gateway/gateway-fake.ts';
import { ErroGateway, type InstanciaWhatsapp } from '../src/modules/whatsapp/gateway/whatsapp-gateway.ts';

const instancia = (id: string): InstanciaWhatsapp => ({
  unidadeNegocioId: id,
  nome: `petshop-${id}`,
  webhookUrl: 'http://localhost/api/agenda/atendimentos/notificacao-webhook',
  credenciais: {},
});

/** A fake on a clock the test moves. */
const comRelogio = () => {
  const relogio = { agora: Date.UTC(2026, 10, 27, 12, 0, 0) };
  return { relogio, gateway: new GatewayFake(() => relogio.agora) };
};

describe('GatewayFake: pairing', () => {
  it('Desconectado before conectar; conectar shows a QR; the same QR until it expires, then a new one', async () => {
    const { relogio, gateway } = comRelogio();
    const a = instancia('a');
    expect(await gateway.estado(a)).toEqual({ status: 'Desconectado', numero: null, qrcode: null });
    const inicio = await gateway.conectar(a);
    expect(inicio).toMatchObject({
      status: 'AguardandoLeitura',
      numero: null,
      qrcode: expect.stringMatching(/^fake-whatsapp:petshop-a:/),
    });
    relogio.agora += VALIDADE_QRCODE_FAKE_MS;
    expect((await gateway.estado(a)).qrcode).toBe(inicio.qrcode);
    relogio.agora += 1;
    const renovado = await gateway.estado(a);
    expect(renovado.status).toBe('AguardandoLeitura');
    expect(renovado.qrcode).not.toBe(inicio.qrcode);
    expect(renovado.qrcode).toMatch(/^fake-whatsapp:petshop-a:/);
  });

  it('lerQrcode connects only a pairing session; Conectado has the number and no QR; conectar again keeps it', async () => {
    const { gateway } = comRelogio();
    const a = instancia('a');
    expect(gateway.lerQrcode(a.nome, '5511987654321')).toBe(false);
    await gateway.conectar(a);
    expect(gateway.lerQrcode(a.nome, '5511987654321')).toBe(true);
    expect(gateway.lerQrcode(a.nome, '5511000000000')).toBe(false);
    expect(await gateway.estado(a)).toEqual({ status: 'Conectado', numero: '5511987654321', qrcode: null });
    expect(await gateway.conectar(a)).toEqual({ status: 'Conectado', numero: '5511987654321', qrcode: null });
  });

  it('each unit has its own session; desconectar forgets only that one', async () => {
    const { gateway } = comRelogio();
    const [a, b] = [instancia('a'), instancia('b')];
    await gateway.conectar(a);
    await gateway.conectar(b);
    gateway.lerQrcode(a.nome, '5511911111111');
    expect((await gateway.estado(b)).status).toBe('AguardandoLeitura');
    await gateway.desconectar(a);
    expect(await gateway.estado(a)).toEqual({ status: 'Desconectado', numero: null, qrcode: null });
    expect((await gateway.estado(b)).status).toBe('AguardandoLeitura');
  });
});

describe('GatewayFake: sending', () => {
  it('refuses to send while disconnected or pairing (temporary), records what it sends once connected', async () => {
    const { gateway } = comRelogio();
    const a = instancia('a');
    const envio = { para: '5511912345678', texto: 'Olá, Maria!' };
    await expect(gateway.enviar(a, envio)).rejects.toMatchObject({
      name: 'ErroGateway',
      temporario: true,
      message: 'WhatsApp desconectado',
    });
    await gateway.conectar(a);
    await expect(gateway.enviar(a, envio)).rejects.toBeInstanceOf(ErroGateway);
    gateway.lerQrcode(a.nome, '5511987654321');
    const { gatewayMensagemId } = await gateway.enviar(a, envio);
    expect(gateway.enviadas).toEqual([
      { instancia: a.nome, id: gatewayMensagemId, para: envio.para, texto: envio.texto, modelo: undefined, em: expect.any(Date) },
    ]);
  });

  it('falharProximos fails exactly the next n sends, temporarily or for good, even when connected', async () => {
    const { gateway } = comRelogio();
    const a = instancia('a');
    await gateway.conectar(a);
    gateway.lerQrcode(a.nome, '5511987654321');
    const envio = { para: '5511912345678', texto: 'oi' };
    gateway.falharProximos(2);
    await expect(gateway.enviar(a, envio)).rejects.toMatchObject({
      temporario: true,
      message: 'Gateway indisponível (simulado)',
    });
    await expect(gateway.enviar(a, envio)).rejects.toMatchObject({ temporario: true });
    await expect(gateway.enviar(a, envio)).resolves.toMatchObject({ gatewayMensagemId: expect.stringMatching(/^fake-/) });
    gateway.falharProximos(1, false);
    await expect(gateway.enviar(a, envio)).rejects.toMatchObject({ temporario: false, message: 'Número inválido (simulado)' });
    await expect(gateway.enviar(a, envio)).resolves.toBeDefined();
    expect(gateway.enviadas).toHaveLength(2);
  });

  it('buscarEnviada finds a message sent since `desde` to that number with that text, in that unit only', async () => {
    const { relogio, gateway } = comRelogio();
    const [a, b] = [instancia('a'), instancia('b')];
    for (const i of [a, b]) {
      await gateway.conectar(i);
      gateway.lerQrcode(i.nome, '5511987654321');
    }
    const envio = { para: '5511912345678', texto: 'Lembrete do banho' };
    const antes = new Date(relogio.agora);
    const { gatewayMensagemId } = await gateway.enviar(a, envio);
    expect(gateway.podeConsultarEnviadas).toBe(true);
    expect(await gateway.buscarEnviada(a, envio, antes)).toBe(gatewayMensagemId);
    expect(await gateway.buscarEnviada(b, envio, antes)).toBeNull();
    expect(await gateway.buscarEnviada(a, { ...envio, texto: 'outro' }, antes)).toBeNull();
    expect(await gateway.buscarEnviada(a, { ...envio, para: '5511900000000' }, antes)).toBeNull();
    expect(await gateway.buscarEnviada(a, envio, new Date(relogio.agora + 1))).toBeNull();
  });
});

describe('GatewayFake: callbacks', () => {
  const gateway = new GatewayFake(() => Date.UTC(2026, 10, 27, 12));

  it('turns status, reply and connection callbacks into events', () => {
    expect(gateway.interpretarCallback({ evento: 'status', id: 'fake-1', status: 'Entregue' })).toEqual([
      { tipo: 'status', gatewayMensagemId: 'fake-1', status: 'Entregue', em: new Date(Date.UTC(2026, 10, 27, 12)) },
    ]);
    expect(
      gateway.interpretarCallback({ evento: 'status', id: 'fake-1', status: 'Falhou', erro: 'Número bloqueado' }),
    ).toMatchObject([{ status: 'Falhou', erro: 'Número bloqueado' }]);
    expect(gateway.interpretarCallback({ evento: 'mensagem', id: 'm1', de: '5511912345678', texto: '1' })).toEqual([
      { tipo: 'mensagemRecebida', de: '5511912345678', texto: '1', gatewayMensagemId: 'm1', em: expect.any(Date) },
    ]);
    const [semId] = gateway.interpretarCallback({ evento: 'mensagem', de: '5511912345678', texto: 'sim' });
    expect(semId).toMatchObject({ tipo: 'mensagemRecebida', gatewayMensagemId: expect.any(String) });
    expect(gateway.interpretarCallback({ evento: 'conexao', status: 'Conectado', numero: '5511987654321' })).toEqual([
      { tipo: 'conexao', estado: { status: 'Conectado', numero: '5511987654321', qrcode: null } },
    ]);
  });

  it('ignores event kinds it does not know (the contract: [])', () => {
    expect(gateway.interpretarCallback({ evento: 'presenca', de: '5511987654321' })).toEqual([]);
  });

  it('throws a permanent ErroGateway for bodies that are not its format', () => {
    for (const corpo of [
      null,
      'texto',
      { evento: 'status', id: 'x', status: 'Perdida' },
      { evento: 'mensagem', de: '55' },
      { evento: 'conexao', status: 'Talvez' },
      { event: 'messages.update' },
    ]) {
      let erro: unknown;
      try {
        gateway.interpretarCallback(corpo);
      } catch (e) {
        erro = e;
      }
      expect(erro).toBeInstanceOf(ErroGateway);
      expect(erro).toMatchObject({ temporario: false, message: 'Corpo do retorno inválido' });
    }
  });
});
