import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Starts DynamoDB Local bound to one host (127.0.0.1 by default, system property bind.host).
 * DynamoDB Local has no bind-address option and listens on every interface; this sets the host of the
 * embedded Jetty connector before start. Compiled once per machine (infra/twin/dynamodb-local.ts).
 */
public class LocalDynamoLauncher {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("bind.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      if (connector instanceof ServerConnector) {
        ((ServerConnector) connector).setHost(host);
      }
    }
    proxy.start();
    System.out.println("DynamoDB Local ready on " + host);
    proxy.join();
  }
}
