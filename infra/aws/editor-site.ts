import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  Function as CloudFrontFunction,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { securityHeadersFor, type EditorSettings } from '../../shared/http/editor-headers';
import {
  defaultPreviewFrameOrigins,
  previewOriginProblem,
} from '../../shared/pulls/preview-origins';
import { siteRouterCode } from './site-router';

const frameOptions = { DENY: HeadersFrameOption.DENY } as const;
const referrerPolicies = { 'no-referrer': HeadersReferrerPolicy.NO_REFERRER } as const;

export interface EditorSiteProps {
  /** The built editor (`vite build`, base `/app/`): index.html and assets/. */
  webDistPath: string;
  /** The HTTP API's host name (`<id>.execute-api.<region>.amazonaws.com`). */
  apiDomainName: string;
  /** Headers CloudFront adds to every API request (the origin secret). */
  apiOriginHeaders?: Record<string, string>;
  /** A CloudFront-scope WebACL for the distribution. */
  webAclArn?: string;
  domainName?: string;
  certificate?: ICertificate;
  removalPolicy: RemovalPolicy;
  /** The preview hosts the editor may frame: its frame-src and app/settings.json; Cloudflare Pages previews by default. */
  previewFrameOrigins?: readonly string[];
  /** Where the editor sends uploads and is redirected for large reads (the uploads bucket's origin): its connect-src and img-src. */
  uploadOrigins?: readonly string[];
}

/**
 * The editor and the API behind one CloudFront origin, so the session cookie is first-party and
 * no CORS exists: the default behaviour serves the editor from a private bucket (origin access
 * control); `/api/*` and `/auth/*` go to the HTTP API uncached, with every viewer header but Host.
 */
export class EditorSite extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: EditorSiteProps) {
    super(scope, id);
    if (!existsSync(path.join(props.webDistPath, 'index.html'))) {
      throw new Error(
        `The built editor is missing: ${props.webDistPath}/index.html does not exist (run npm run build:web)`,
      );
    }
    const destroy = props.removalPolicy === RemovalPolicy.DESTROY;
    const previewFrameOrigins = [...(props.previewFrameOrigins ?? defaultPreviewFrameOrigins)];
    const badOrigin = previewFrameOrigins.map(previewOriginProblem).find(Boolean);
    if (badOrigin) throw new Error(`previewFrameOrigins: ${badOrigin}`);

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: destroy,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'The bucket holds only the public build of the editor, read solely by CloudFront through origin access control; there is no user data whose access needs an audit trail.',
    });

    const router = new CloudFrontFunction(this, 'Router', {
      code: FunctionCode.fromInline(siteRouterCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves /app/index.html for editor pages; redirects / to /app/',
    });

    // Every header comes from the one definition the local gateway sends too (shared/http/editor-headers.ts).
    const shared = securityHeadersFor(previewFrameOrigins, props.uploadOrigins);
    const headers = new ResponseHeadersPolicy(this, 'Headers', {
      comment: 'Content editing service: strict headers for the editor',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: shared.contentSecurityPolicy,
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(shared.strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: shared.strictTransportSecurity.includeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: frameOptions[shared.frameOptions], override: true },
        referrerPolicy: { referrerPolicy: referrerPolicies[shared.referrerPolicy], override: true },
      },
      customHeadersBehavior: {
        customHeaders: Object.entries(shared.custom).map(([header, value]) => ({
          header,
          value,
          override: true,
        })),
      },
    });

    // The API sets its own security headers; CloudFront only passes requests and answers through.
    // Compression is the functions' (shared/http/encode-answer.ts): CachingDisabled enables neither
    // Gzip nor Brotli caching, so CloudFront "treats the Accept-Encoding header the same as any other
    // HTTP header" and AllViewerExceptHostHeader forwards it as the viewer sent it; an answer that
    // carries Content-Encoding is never compressed again ("CloudFront does not compress a file if the
    // response includes a Content-Encoding header") and reaches the viewer as the function made it
    // (CloudFront Developer Guide: "Cache compressed objects", "Serve compressed files").
    const api: BehaviorOptions = {
      origin: new HttpOrigin(props.apiDomainName, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        customHeaders: props.apiOriginHeaders,
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      compress: true,
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Content editing service',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: router, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: { '/api/*': api, '/auth/*': api },
      httpVersion: HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      ...(props.domainName && props.certificate
        ? {
            domainNames: [props.domainName],
            certificate: props.certificate,
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'Editors and automations may work from anywhere; there is no geography to restrict to.',
      },
      ...(props.webAclArn
        ? []
        : [
            {
              id: 'AwsSolutions-CFR2',
              reason:
                'AWS WAF is optional and priced (waf in the environment config); without it the API is still throttled per stage and route, every API route authenticates and the functions validate every input.',
            },
          ]),
      {
        id: 'AwsSolutions-CFR3',
        reason:
          'Requests are logged where they are handled: the HTTP API stage writes access logs and each function a structured log line per request; the editor files are public.',
      },
    );
    if (!props.certificate) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose viewer TLS policy CloudFront fixes; with a custom domain TLSv1.2_2021 is set.',
      });
    }

    this.deployEditor(props.webDistPath, { previewFrameOrigins });
  }

  /**
   * Hashed assets first (immutable, never pruned, so a browser holding the previous index.html
   * still finds its files), then index.html and the rest (revalidated on every load). Source
   * maps stay out of the bucket.
   */
  private deployEditor(webDistPath: string, settings: EditorSettings) {
    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const assetsPath = path.join(webDistPath, 'assets');
    const assets = existsSync(assetsPath)
      ? new BucketDeployment(this, 'Assets', {
          sources: [Source.asset(assetsPath, { exclude: ['*.map', '**/*.map'] })],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'app/assets/',
          prune: false,
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
          logGroup,
        })
      : undefined;
    const pages = new BucketDeployment(this, 'Pages', {
      // settings.json: what the editor reads of this deployment (the same list as the policy's frame-src).
      sources: [
        Source.asset(webDistPath, { exclude: ['assets', '*.map', '**/*.map'] }),
        Source.jsonData('settings.json', settings),
      ],
      destinationBucket: this.bucket,
      destinationKeyPrefix: 'app/',
      exclude: ['assets/*'],
      cacheControl: [CacheControl.fromString('no-cache')],
      logGroup,
    });
    if (assets) pages.node.addDependency(assets);
    this.acknowledgeDeploymentHandler();
  }

  /** CDK's BucketDeployment handler is a singleton it owns; what it is granted is CDK's design. */
  private acknowledgeDeploymentHandler() {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (!handler) return;
    const bucketArn = `<${stack.getLogicalId(this.bucket.node.defaultChild as never)}.Arn>`;
    // cdk-nag names a finding by the resource as rendered: concrete account and region when the stack has them.
    const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const assetBucket = `arn:<AWS::Partition>:s3:::cdk-${stack.synthesizer.bootstrapQualifier ?? 'hnb659fds'}-assets-${account}-${region}/*`;
    const reason =
      'CDK BucketDeployment handler (aws-cdk-lib): it copies the editor build from the CDK asset bucket into the site bucket.';
    Validations.of(handler).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: `${reason} Its log group is set; the managed policy is CDK's default for the handler role.`,
      },
      {
        id: 'AwsSolutions-IAM5[Action::s3:GetBucket*]',
        reason: `${reason} Read access to the CDK asset bucket, as CDK grants it.`,
      },
      {
        id: 'AwsSolutions-IAM5[Action::s3:GetObject*]',
        reason: `${reason} Read access to the CDK asset bucket, as CDK grants it.`,
      },
      {
        id: 'AwsSolutions-IAM5[Action::s3:List*]',
        reason: `${reason} Read access to the CDK asset bucket and listing the site bucket for pruning.`,
      },
      {
        id: 'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
        reason: `${reason} Pruning replaced pages in the site bucket.`,
      },
      {
        id: 'AwsSolutions-IAM5[Action::s3:Abort*]',
        reason: `${reason} Aborting failed multipart uploads to the site bucket.`,
      },
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/*]`,
        reason: `${reason} Objects of the site bucket only.`,
      },
      {
        id: `AwsSolutions-IAM5[Resource::${assetBucket}]`,
        reason: `${reason} Objects of the CDK bootstrap asset bucket only.`,
      },
      { id: 'AwsSolutions-L1', reason: `${reason} CDK pins its runtime.` },
    );
  }
}
