/**
 * Popular package names that typosquatters imitate, and real packages that happen to sit one
 * edit away from one of them. Names shorter than five characters are left out of the popular
 * lists: at that length nearly every one-edit neighbour is some other real package.
 */

/** npm packages with many millions of weekly downloads, or favourite squatting targets. */
export const POPULAR_NPM: readonly string[] = [
  'react', 'react-dom', 'react-router', 'react-router-dom', 'express', 'lodash', 'axios', 'chalk',
  'commander', 'debug', 'moment', 'request', 'webpack', 'typescript', 'eslint', 'prettier',
  'mocha', 'vitest', 'dotenv', 'yargs', 'inquirer', 'cross-env', 'nodemon', 'body-parser',
  'mongoose', 'sequelize', 'socket.io', 'redux', 'jquery', 'underscore', 'async', 'bluebird',
  'rimraf', 'mkdirp', 'minimist', 'semver', 'classnames', 'prop-types', 'styled-components',
  'tailwindcss', 'postcss', 'autoprefixer', 'core-js', 'node-fetch', 'cheerio', 'puppeteer',
  'playwright', 'sharp', 'bcrypt', 'bcryptjs', 'jsonwebtoken', 'passport', 'helmet', 'morgan',
  'winston', 'ethers', 'openai', 'langchain', 'discord.js', 'electron', 'rollup', 'esbuild',
  'nodemailer', 'dayjs', 'date-fns', 'luxon', 'immer', 'zustand', 'graphql', 'prisma', 'mysql',
  'mysql2', 'sqlite3', 'ioredis', 'bullmq', 'supertest', 'sinon', 'ts-node', 'concurrently',
  'husky', 'lint-staged', 'colors', 'color', 'boxen', 'execa', 'fs-extra', 'superagent',
  'marked', 'highlight.js', 'handlebars', 'mustache', 'validator', 'nanoid', 'shelljs',
  'chokidar', 'cookie-parser', 'express-session', 'multer', 'compression', 'event-stream',
  'ua-parser-js', 'node-ipc', 'coffee-script', 'babel-cli', 'uglify-js', 'web3', 'viem',
  'fastify', 'next-auth', 'vue-router', 'nuxt', 'svelte', 'angular', 'zod', 'jest', 'vite',
  'stripe', 'twilio', 'firebase', 'aws-sdk', 'mongodb', 'redis', 'pg-promise', 'knex', 'ws',
];

/** PyPI projects, compared after PEP 503 normalisation (lowercase, runs of `-_.` as `-`). */
export const POPULAR_PYPI: readonly string[] = [
  'requests', 'numpy', 'pandas', 'scipy', 'matplotlib', 'django', 'flask', 'fastapi', 'uvicorn',
  'pydantic', 'sqlalchemy', 'boto3', 'botocore', 'urllib3', 'certifi', 'setuptools', 'wheel',
  'pytest', 'black', 'flake8', 'pylint', 'isort', 'click', 'jinja2', 'pyyaml', 'python-dateutil',
  'beautifulsoup4', 'pillow', 'selenium', 'scrapy', 'tensorflow', 'torch', 'keras',
  'scikit-learn', 'opencv-python', 'openai', 'anthropic', 'langchain', 'transformers', 'colorama',
  'cryptography', 'paramiko', 'pycryptodome', 'psycopg2', 'psycopg2-binary', 'pymongo', 'redis',
  'celery', 'httpx', 'aiohttp', 'websockets', 'attrs', 'packaging', 'docutils', 'markdown',
  'jsonschema', 'tabulate', 'openpyxl', 'pyjwt', 'bcrypt', 'passlib', 'gunicorn', 'werkzeug',
  'python-dotenv', 'ujson', 'simplejson', 'tomli', 'coverage', 'virtualenv', 'poetry', 'pipenv',
  'twine', 'sympy', 'networkx', 'seaborn', 'plotly', 'streamlit', 'gradio', 'discord-py',
  'python-telegram-bot', 'web3', 'eth-account', 'jeepney', 'pycrypto', 'tqdm', 'lxml', 'toml',
];

/**
 * Real packages one edit from a popular one (distinct projects, not squats): never flagged.
 */
export const KNOWN_NEIGHBOURS: ReadonlySet<string> = new Set([
  // npm
  'preact', 'react-is', 'chalk-cli', 'debug-js', 'redux-saga', 'express-ws', 'request-ip',
  'rimraf-cli', 'colors-cli', 'mysql', 'mysql2', 'execa', 'exec', 'marked-man', 'server', 'serve',
  'ethers', 'ether', 'esbuild', 'rolldown', 'jest-cli', 'vite-node', 'knex', 'mocha-cli', 'uglify-es',
  'prism', // Stoplight's mock server is run as `prism`; one edit from prisma
  // Dependencies of the packages `npm ci` installs here, one edit from a popular name: tslint and
  // eclint (eslint), coffeescript (CoffeeScript's own name since 2.0; coffee-script), crypt (bcrypt).
  'tslint', 'eclint', 'coffeescript', 'crypt',
  // pypi
  'scapy', 'simpy', 'pyaml', 'jinja', 'markdown2', 'psycopg', 'boto', 'attr', 'openapi',
  'request', 'pytest-cov', 'flask-cors', 'tomlkit', 'tomli-w', 'black-macchiato', 'pandas-stubs',
  'torchx', 'keras-nlp', 'celery-beat', 'httpie', 'orjson', 'wheel', 'wheels', 'pillow-heif',
  'dash', 'pydantic2', 'scikit-image', 'websocket', 'pymysql', 'toml',
]);
