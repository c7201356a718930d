/**
 * The default driver: renders the same manifests the Kubernetes driver applies, writes them to
 * DEPLOY_DIR/<deploy id>/ and records the state there. It runs nothing: the endpoint it reports,
 * `local://<deploy id>`, says so. Writes replace whole files, so a repeated call changes nothing.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DeploymentSpec, DriverState, HostingDriver } from './driver.js';
import { renderDeployment, renderService } from './manifests.js';

/** Writes a whole file at once (a rename), so a reader never sees half of it. */
async function writeWhole(file: string, text: string): Promise<void> {
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(partial, text);
  await rename(partial, file);
}

export class LocalDriver implements HostingDriver {
  readonly kind = 'local' as const;

  constructor(private readonly dir: string, private readonly namespace: string) {}

  private folder(deployId: string): string {
    // The id is DEP- + 6 uppercase letters or digits (checked at creation): a safe folder name.
    if (!/^DEP-[A-Z0-9]{6}$/.test(deployId)) throw new TypeError(`not a deploy id: ${deployId}`);
    return join(this.dir, deployId);
  }

  private async write(spec: DeploymentSpec, replicas: number, state: DriverState): Promise<void> {
    const folder = this.folder(spec.deployId);
    await mkdir(folder, { recursive: true });
    await writeWhole(join(folder, 'deployment.json'), `${JSON.stringify(renderDeployment(spec, this.namespace, replicas), null, 2)}\n`);
    await writeWhole(join(folder, 'service.json'), `${JSON.stringify(renderService(spec, this.namespace), null, 2)}\n`);
    await writeWhole(join(folder, 'state'), state);
  }

  async provision(spec: DeploymentSpec): Promise<{ endpoint: string | null }> {
    await this.write(spec, 1, 'running');
    return { endpoint: `local://${spec.deployId}` };
  }

  resize(spec: DeploymentSpec): Promise<void> {
    return this.write(spec, 1, 'running');
  }

  async suspend(deployId: string): Promise<void> {
    const folder = this.folder(deployId);
    const file = join(folder, 'deployment.json');
    const deployment = JSON.parse(await readFile(file, 'utf8').catch(() => 'null'));
    if (!deployment) return;
    deployment.spec.replicas = 0;
    await writeWhole(file, `${JSON.stringify(deployment, null, 2)}\n`);
    await writeWhole(join(folder, 'state'), 'suspended');
  }

  resume(spec: DeploymentSpec): Promise<void> {
    return this.write(spec, 1, 'running');
  }

  async destroy(deployId: string): Promise<void> {
    await rm(this.folder(deployId), { recursive: true, force: true });
  }

  async status(deployId: string): Promise<DriverState> {
    const state = await readFile(join(this.folder(deployId), 'state'), 'utf8').catch(() => 'missing');
    return state as DriverState;
  }
}
