/**
 * SES: the sender's domain as identity (Easy DKIM), a configuration set that publishes bounces and
 * complaints, and one template per definition, named `<stage>-<name>`.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { PublicHostedZone } from 'aws-cdk-lib/aws-route53';
import { CfnTemplate, ConfigurationSet, EmailIdentity, EmailSendingEvent, EventDestination, Identity } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { mailTemplatePrefix, type StageConfig } from './config';
import { sesHtmlPart } from '../functions/platform/config/mail-html';
import { mailConfigurationSetName, mailTemplates } from '../functions/platform/config/resources';

export interface MailStackProps extends StackProps {
  readonly config: StageConfig;
}

export class MailStack extends Stack {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  /** Bounces and complaints, one SES event each (subscribe a mailbox or a handler to it). */
  readonly mailEvents: Topic;
  readonly templatePrefix: string;
  readonly senderEmail: string;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.senderEmail = config.senderEmail;
    this.templatePrefix = mailTemplatePrefix(config);

    // Bounces and complaints go to a topic: the sending reputation is watched (data stack alarms)
    // and the addresses that bounce can be found.
    this.mailEvents = new Topic(this, 'MailEvents', { displayName: `Portal ${config.stage} bounces and complaints`, enforceSSL: true });
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', { configurationSetName: mailConfigurationSetName(config.stage) });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(this.mailEvents),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.REJECT],
    });

    // The sender's domain as identity, signed with Easy DKIM: publish the three CNAME records SES
    // shows for it (docs/deploy.md, "SES"); then any address of the domain may send. With the
    // domain's Route 53 zone given, the CDK writes those records into it (no lookup: id + name).
    const domain = config.senderEmail.split('@')[1]!;
    const identity = config.senderHostedZoneId
      ? Identity.publicHostedZone(PublicHostedZone.fromHostedZoneAttributes(this, 'SenderZone', { hostedZoneId: config.senderHostedZoneId, zoneName: domain }))
      : Identity.domain(domain);
    this.identity = new EmailIdentity(this, 'Sender', { identity, configurationSet: this.configurationSet });
    new CfnOutput(this, 'DkimRecords', {
      description: 'Publish these as CNAME <token>._domainkey.<domain> -> <token>.dkim.amazonses.com',
      value: [this.identity.dkimDnsTokenName1, this.identity.dkimDnsTokenName2, this.identity.dkimDnsTokenName3].join(' '),
    });

    // AWS::SES::Template: SES v1 and v2 share one template store, so SendEmail (v2) uses these.
    for (const template of mailTemplates) {
      new CfnTemplate(this, `Template-${template.name}`, {
        template: {
          templateName: `${this.templatePrefix}${template.name}`,
          subjectPart: template.subject,
          // Variables as their HTML-escaped copies (functions/platform/config/mail-html.ts).
          htmlPart: sesHtmlPart(template.html),
          textPart: template.text,
        },
      });
    }
  }
}
