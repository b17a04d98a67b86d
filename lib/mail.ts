/** SES: the sender identity and one template per definition, named `<stage>-<name>`. */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnTemplate, EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { mailTemplatePrefix, type StageConfig } from './config';
import { mailTemplates } from './definitions/resources';

export interface MailStackProps extends StackProps {
  readonly config: StageConfig;
}

export class MailStack extends Stack {
  readonly identity: EmailIdentity;
  readonly templatePrefix: string;
  readonly senderEmail: string;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.senderEmail = config.senderEmail;
    this.templatePrefix = mailTemplatePrefix(config);

    // An e-mail identity: SES mails a confirmation link to the address on first deploy.
    this.identity = new EmailIdentity(this, 'Sender', { identity: Identity.email(config.senderEmail) });

    // AWS::SES::Template: SES v1 and v2 share one template store, so SendEmail (v2) uses these.
    for (const template of mailTemplates) {
      new CfnTemplate(this, `Template-${template.name}`, {
        template: {
          templateName: `${this.templatePrefix}${template.name}`,
          subjectPart: template.subject,
          htmlPart: template.html,
          textPart: template.text,
        },
      });
    }
  }
}
