import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local bound to one address (system property bind.host, default 127.0.0.1).
 * DynamoDB Local has no bind-address option: its Jetty connector listens on every interface, so
 * anyone on the network could read and write the local table. This sets the host of that connector
 * before the server starts. Run by localstack/emulators.ts in Java's source-file mode (no build).
 */
public class DynamoDbLocalOnLoopback {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("bind.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) ((ServerConnector) connector).setHost(host);
    proxy.start();
    System.out.println("DynamoDB Local listening on " + host);
  }
}
