import { describe, expect, it } from 'vitest';
import { forbiddenAddressReason, webhookUrlProblem } from '../../shared/webhooks/address-guard.js';

describe('forbiddenAddressReason', () => {
  const inward = [
    '127.0.0.1', '127.255.255.254', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '169.254.0.1', '100.64.0.1', '100.127.255.255', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1',
    '::1', '::', 'fc00::1', 'fd00:ec2::254', 'fe80::1', 'fe80::1%eth0', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::127.0.0.1',
    '64:ff9b::10.0.0.1', '2002:7f00:1::', '2002:c0a8:0101::1', '0:0:0:0:0:ffff:10.0.0.1',
  ];
  for (const ip of inward) {
    it(`refuses ${ip}`, () => expect(forbiddenAddressReason(ip)).toBeTypeOf('string'));
  }

  const outward = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'];
  for (const ip of outward) {
    it(`lets ${ip} through`, () => expect(forbiddenAddressReason(ip)).toBeUndefined());
  }

  it('refuses what is not an address at all', () => {
    expect(forbiddenAddressReason('example.com')).toBe('not an IP address');
    expect(forbiddenAddressReason('1.2.3')).toBe('not an IP address');
  });
});

describe('webhookUrlProblem', () => {
  const prod = { production: true };
  const dev = { production: false };

  it('takes a public https URL in production', () => {
    expect(webhookUrlProblem('https://hooks.example.org/agent?x=1', prod)).toBeUndefined();
  });

  it('refuses plain http, localhost, literal inward addresses and credentials in production', () => {
    expect(webhookUrlProblem('http://hooks.example.org/', prod)).toMatch(/https/);
    expect(webhookUrlProblem('https://localhost/hook', prod)).toMatch(/not a public host/);
    expect(webhookUrlProblem('https://127.0.0.1/hook', prod)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://2130706433/hook', prod)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://[::ffff:169.254.169.254]/', prod)).toMatch(/metadata/);
    expect(webhookUrlProblem('https://[fd00::1]/', prod)).toMatch(/unique local/);
    expect(webhookUrlProblem('https://metadata.google.internal/', prod)).toMatch(/not a public host/);
    expect(webhookUrlProblem('https://user:pw@hooks.example.org/', prod)).toMatch(/credentials/);
  });

  it('allows loopback over http outside production, so tests can run a local receiver', () => {
    expect(webhookUrlProblem('http://127.0.0.1:4000/hook', dev)).toBeUndefined();
    expect(webhookUrlProblem('ftp://127.0.0.1/', dev)).toMatch(/http and https/);
  });
});
