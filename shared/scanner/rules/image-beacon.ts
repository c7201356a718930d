/**
 * Markdown image beacons: an image the agent renders in its reply, whose URL carries the user's
 * data to a server in the query string the moment the client loads the image.
 */
import type { Rule } from '../types.js';

const MD_IMAGE = String.raw`!\[[^\]\n]{0,300}\]\(\s{0,3}<?(?<url>https?://[^\s)>\n]{1,1500})`;
const HTML_IMAGE = String.raw`<img\b[^>\n]{0,300}?\bsrc\s{0,2}=\s{0,2}["']?(?<url>https?://[^\s"'>\n]{1,1500})`;

export const IMAGE_BEACON_RULES: readonly Rule[] = [
  {
    id: 'IB001',
    category: 'image-beacon',
    severity: 'HIGH',
    title: 'Image URL whose query is a template for data (?d={secret}, ?q=<BASE64>)',
    message: 'renders an image whose URL is a template for sending data to a remote host',
    where: ['markdown', 'other', 'script'],
    // Quoted after "like" or "such as", an image is being described, not rendered.
    prose: 'mention',
    needles: ['![', '<img'],
    patterns: [new RegExp(MD_IMAGE, 'i'), new RegExp(HTML_IMAGE, 'i')],
    verify: 'beaconPlaceholder',
  },
  {
    id: 'IB002',
    category: 'image-beacon',
    severity: 'MEDIUM',
    title: 'Image URL with a data-carrying query parameter on a non-badge host',
    message: 'renders an image whose URL carries a data parameter to a remote host',
    where: ['markdown', 'other'],
    // Quoted after "like" or "such as", an image is being described, not rendered.
    prose: 'mention',
    needles: ['![', '<img'],
    patterns: [new RegExp(MD_IMAGE, 'i'), new RegExp(HTML_IMAGE, 'i')],
    verify: 'beaconParam',
  },
];
