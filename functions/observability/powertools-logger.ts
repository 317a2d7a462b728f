import { Logger, LogFormatter, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { emitLine, useLineWriter } from '../logger.js';

/**
 * Our field names and order (level, time, message, then the work's ids and the line's fields),
 * which the stack's metric filters match on (infra/operations.ts), and Powertools' Lambda keys.
 */
class SalonDeskFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const lambda = attributes.lambdaContext;
    return new LogItem({
      attributes: {
        level: attributes.logLevel.toLowerCase(),
        time: this.formatTimestamp(attributes.timestamp),
        message: attributes.message,
        ...(lambda && { function_name: lambda.functionName, function_request_id: lambda.awsRequestId, cold_start: lambda.coldStart }),
        ...(attributes.xRayTraceId && { xray_trace_id: attributes.xRayTraceId }),
        // A line's own keys win: a route in the same process (npm start, tests) names its own invocation.
        ...additional,
      },
    });
  }
}

/** Powertools' Logger, its lines masked as a whole and handed to our sink (a test's, or stdout). */
class RedactingLogger extends Logger {
  protected override printLog(_level: number, log: LogItem): void {
    emitLine(JSON.stringify(log.getAttributes(), this.getJsonReplacer()));
  }
}

/**
 * The Logger of the consumers, jobs, triggers and the admin Lambda: loading this module makes it
 * write every line of functions/logger.ts, and traced-handler.ts gives it each invocation. Which
 * lines are written is still functions/logger.ts's level (LOG_LEVEL), so Powertools' own is open.
 */
export const powertoolsLogger = new RedactingLogger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'salondesk',
  logLevel: 'DEBUG',
  logFormatter: new SalonDeskFormatter(),
});

useLineWriter((level, message, fields) => powertoolsLogger[level](message, fields));
